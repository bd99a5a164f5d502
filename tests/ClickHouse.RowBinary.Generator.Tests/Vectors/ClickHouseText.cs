using System.Globalization;
using System.Net;
using System.Numerics;

namespace ClickHouse.RowBinary.Generator.Tests.Vectors;

/// <summary>
/// Renders a scalar value as ClickHouse's toString() does, to compare a decoded vector with its <c>text</c>. Null for
/// values it does not render (floats, composites, time zones other than UTC): those are checked byte for byte only.
/// </summary>
internal static class ClickHouseText
{
    public static string? Format(object? value, string clickHouseType)
    {
        string type = Unwrap(clickHouseType);
        if (value is null)
        {
            return type.StartsWith("Nullable(", StringComparison.Ordinal) ? "\\N" : null;
        }
        if (type.StartsWith("Nullable(", StringComparison.Ordinal))
        {
            type = Unwrap(type["Nullable(".Length..^1]);
        }
        return value switch
        {
            sbyte or short or int or long or byte or ushort or uint or ulong or Int128 or UInt128 or BigInteger when !type.StartsWith("Enum", StringComparison.Ordinal) && !type.StartsWith("IPv4", StringComparison.Ordinal) && !type.StartsWith("DateTime64", StringComparison.Ordinal) && !type.StartsWith("Interval", StringComparison.Ordinal)
                => ((IFormattable)value).ToString(null, CultureInfo.InvariantCulture),
            bool flag => flag ? "true" : "false",
            string text when !type.StartsWith("JSON", StringComparison.Ordinal) => text,
            DateOnly date => date.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture),
            DateTime dateTime when type == "Date" => dateTime.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture),
            DateTime dateTime when type == "DateTime" => dateTime.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture),
            DateTime dateTime when type.StartsWith("DateTime64(", StringComparison.Ordinal) && type.EndsWith("'UTC')", StringComparison.Ordinal)
                => FormatDateTime64(dateTime, Precision(type)),
            decimal number => number.ToString("0.############################", CultureInfo.InvariantCulture),
            ClickHouseDecimal exact => FormatExact(exact),
            Guid id => id.ToString("D"),
            IPAddress address => address.ToString(),
            uint number when type == "IPv4" => new IPAddress(BitConverter.GetBytes(number).Reverse().ToArray()).ToString(),
            Enum label => label.ToString(),
            TimeSpan time when type == "Time" => FormatTime(time, 0),
            TimeSpan time when type.StartsWith("Time64(", StringComparison.Ordinal) => FormatTime(time, Precision(type)),
            TimeSpan interval when type == "IntervalSecond" => ((long)interval.TotalSeconds).ToString(CultureInfo.InvariantCulture),
            long count when type.StartsWith("Interval", StringComparison.Ordinal) => count.ToString(CultureInfo.InvariantCulture),
            _ => null,
        };
    }

    private static string Unwrap(string type)
    {
        foreach (string wrapper in new[] { "LowCardinality(", "SimpleAggregateFunction(" })
        {
            if (type.StartsWith(wrapper, StringComparison.Ordinal))
            {
                string inner = type[wrapper.Length..^1];
                if (wrapper == "SimpleAggregateFunction(")
                {
                    inner = inner[(inner.IndexOf(',', StringComparison.Ordinal) + 2)..];
                }
                return Unwrap(inner);
            }
        }
        return type;
    }

    private static int Precision(string type) => type[type.IndexOf('(', StringComparison.Ordinal) + 1] - '0';

    private static string FormatDateTime64(DateTime value, int precision)
    {
        string text = value.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture);
        return precision == 0 ? text : text + "." + value.ToString("fffffff", CultureInfo.InvariantCulture)[..precision];
    }

    private static string FormatTime(TimeSpan value, int precision)
    {
        string sign = value < TimeSpan.Zero ? "-" : "";
        TimeSpan magnitude = value.Duration();
        string text = $"{sign}{(long)magnitude.TotalHours:00}:{magnitude.Minutes:00}:{magnitude.Seconds:00}";
        if (precision > 0)
        {
            long ticks = magnitude.Ticks % TimeSpan.TicksPerSecond;
            text += "." + ticks.ToString("0000000", CultureInfo.InvariantCulture)[..Math.Min(precision, 7)];
        }
        return text;
    }

    private static string FormatExact(ClickHouseDecimal value)
    {
        string text = value.ToString();
        return text.Contains('.', StringComparison.Ordinal) ? text.TrimEnd('0').TrimEnd('.') : text;
    }
}
