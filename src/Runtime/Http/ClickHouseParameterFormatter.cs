using System;
using System.Collections;
using System.Globalization;
using System.Net;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// Formats query parameter values the way ClickHouse parses <c>param_name</c> values: as text in its "escaped"
/// (TabSeparated) form at the top level, and in its quoted (Values) form inside arrays, tuples and maps.
/// </summary>
internal static class ClickHouseParameterFormatter
{
    public static string Format(string name, object? value)
    {
        var builder = new StringBuilder();
        Append(builder, name, value, quoted: false);
        return builder.ToString();
    }

    private static void Append(StringBuilder builder, string name, object? value, bool quoted)
    {
        switch (value)
        {
            case null:
                builder.Append(quoted ? "NULL" : "\\N");
                break;
            case string text:
                AppendString(builder, text, quoted);
                break;
            case char character:
                AppendString(builder, character.ToString(), quoted);
                break;
            case bool flag:
                builder.Append(flag ? '1' : '0');
                break;
            case float number:
                AppendFloat(builder, number, float.IsNaN(number), float.IsInfinity(number), float.IsNegative(number));
                break;
            case double number:
                AppendFloat(builder, number, double.IsNaN(number), double.IsInfinity(number), double.IsNegative(number));
                break;
            case sbyte or byte or short or ushort or int or uint or long or ulong or Int128 or UInt128 or BigInteger or decimal or ClickHouseDecimal:
                builder.Append(CultureInfo.InvariantCulture, $"{value}");
                break;
            case DateOnly date:
                AppendQuotable(builder, date.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture), quoted);
                break;
            case DateTime dateTime:
                AppendQuotable(builder, FormatDateTime(dateTime), quoted);
                break;
            case DateTimeOffset dateTimeOffset:
                AppendQuotable(builder, FormatDateTime(dateTimeOffset.UtcDateTime), quoted);
                break;
            case TimeSpan time:
                AppendQuotable(builder, FormatTime(time), quoted);
                break;
            case Guid guid:
                AppendQuotable(builder, guid.ToString("D"), quoted);
                break;
            case IPAddress address:
                AppendQuotable(builder, address.ToString(), quoted);
                break;
            case Enum label:
                AppendString(builder, label.ToString(), quoted);
                break;
            case byte[] or ReadOnlyMemory<byte> or Memory<byte>:
                throw Unsupported(name, value, "bytes cannot travel in a URL parameter; pass text, or insert the value as a row");
            case ITuple tuple:
                builder.Append('(');
                for (int i = 0; i < tuple.Length; i++)
                {
                    AppendSeparator(builder, i);
                    Append(builder, name, tuple[i], quoted: true);
                }
                builder.Append(')');
                break;
            case IDictionary map:
                builder.Append('{');
                int index = 0;
                foreach (DictionaryEntry entry in map)
                {
                    AppendSeparator(builder, index++);
                    Append(builder, name, entry.Key, quoted: true);
                    builder.Append(':');
                    Append(builder, name, entry.Value, quoted: true);
                }
                builder.Append('}');
                break;
            case IEnumerable items:
                builder.Append('[');
                int position = 0;
                foreach (object? item in items)
                {
                    AppendSeparator(builder, position++);
                    Append(builder, name, item, quoted: true);
                }
                builder.Append(']');
                break;
            default:
                throw Unsupported(name, value, "pass a string in the form ClickHouse parses for the parameter's type");
        }
    }

    private static void AppendSeparator(StringBuilder builder, int index)
    {
        if (index > 0)
        {
            builder.Append(',');
        }
    }

    private static void AppendFloat(StringBuilder builder, IFormattable number, bool isNaN, bool isInfinity, bool isNegative)
    {
        if (isNaN)
        {
            builder.Append("nan");
        }
        else if (isInfinity)
        {
            builder.Append(isNegative ? "-inf" : "inf");
        }
        else
        {
            builder.Append(number.ToString("R", CultureInfo.InvariantCulture));
        }
    }

    private static void AppendQuotable(StringBuilder builder, string text, bool quoted)
    {
        if (quoted)
        {
            builder.Append('\'').Append(text).Append('\'');
        }
        else
        {
            builder.Append(text);
        }
    }

    /// <summary>Backslash escapes, which both the escaped and the quoted form read back to the same text.</summary>
    private static void AppendString(StringBuilder builder, string text, bool quoted)
    {
        if (quoted)
        {
            builder.Append('\'');
        }
        foreach (char c in text)
        {
            switch (c)
            {
                case '\\': builder.Append("\\\\"); break;
                case '\'': builder.Append("\\'"); break;
                case '\t': builder.Append("\\t"); break;
                case '\n': builder.Append("\\n"); break;
                case '\r': builder.Append("\\r"); break;
                case '\0': builder.Append("\\0"); break;
                case '\b': builder.Append("\\b"); break;
                case '\f': builder.Append("\\f"); break;
                default: builder.Append(c); break;
            }
        }
        if (quoted)
        {
            builder.Append('\'');
        }
    }

    /// <summary>UTC, with the fraction only when there is one: DateTime parameters take whole seconds, DateTime64 up to 7 digits here.</summary>
    private static string FormatDateTime(DateTime value)
    {
        DateTime utc = value.Kind == DateTimeKind.Local ? value.ToUniversalTime() : value;
        return utc.ToString(utc.Ticks % TimeSpan.TicksPerSecond == 0 ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-dd HH:mm:ss.fffffff", CultureInfo.InvariantCulture);
    }

    /// <summary>ClickHouse's Time text: [-]h:mm:ss[.fffffff], hours beyond 24 allowed.</summary>
    private static string FormatTime(TimeSpan value)
    {
        string sign = value < TimeSpan.Zero ? "-" : "";
        TimeSpan magnitude = value.Duration();
        string text = string.Create(CultureInfo.InvariantCulture, $"{sign}{(long)magnitude.TotalHours}:{magnitude.Minutes:00}:{magnitude.Seconds:00}");
        long fraction = magnitude.Ticks % TimeSpan.TicksPerSecond;
        return fraction == 0 ? text : string.Create(CultureInfo.InvariantCulture, $"{text}.{fraction:0000000}");
    }

    private static ArgumentException Unsupported(string name, object value, string advice)
        => new($"Query parameter '{name}': a value of type {value.GetType().Name} cannot be sent as a ClickHouse parameter; {advice}.", nameof(value));
}
