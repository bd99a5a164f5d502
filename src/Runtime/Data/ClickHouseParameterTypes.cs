using System;
using System.Buffers;
using System.Collections;
using System.Data;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// The ClickHouse type a command parameter travels as (<c>{name:Type}</c>): the one given to it, else the one its
/// .NET value implies, else (for NULL) its <see cref="DbType"/>'s.
/// </summary>
internal static class ClickHouseParameterTypes
{
    /// <exception cref="ArgumentException">The given type does not parse, or the value does not fit it; no type follows from the value.</exception>
    public static string Of(ClickHouseParameter parameter)
    {
        object? value = parameter.Value is DBNull ? null : parameter.Value;
        if (parameter.ClickHouseType is { } declared)
        {
            Check(parameter.ParameterName, declared, value);
            return declared;
        }
        if (value is null)
        {
            return $"Nullable({(parameter.HasDbType ? FromDbType(parameter.DbType) : null) ?? "String"})";
        }
        return Infer(value) ?? throw new ArgumentException(
            $"Parameter '{parameter.ParameterName}': no ClickHouse type follows from a value of type {CSharpTypeNames.Of(value.GetType())}; " +
            "set ClickHouseParameter.ClickHouseType (e.g. \"Array(UInt64)\"), or pass a value of a type of the type mapping.", nameof(parameter));
    }

    /// <summary>The type a value implies, or null when none does (bytes, which cannot travel in a URL, among them).</summary>
    public static string? Infer(object value) => value switch
    {
        string or char => "String",
        bool => "Bool",
        Enum => "String",
        DateTime time => time.Ticks % TimeSpan.TicksPerSecond == 0 ? "DateTime('UTC')" : "DateTime64(7, 'UTC')",
        DateTimeOffset time => time.Ticks % TimeSpan.TicksPerSecond == 0 ? "DateTime('UTC')" : "DateTime64(7, 'UTC')",
        DateOnly date => date >= new DateOnly(1970, 1, 1) && date <= new DateOnly(2149, 6, 6) ? "Date" : "Date32",
        TimeSpan time => time.Ticks % TimeSpan.TicksPerSecond == 0 ? "Time" : "Time64(7)",
        byte[] or ReadOnlyMemory<byte> or Memory<byte> => null,
        Array array => ClickHouseDynamic.InferType(array)?.ToString(),
        ITuple tuple => TupleType(tuple),
        IDictionary map => MapType(map),
        IEnumerable items => ArrayType(items),
        _ => ClickHouseDynamic.InferType(value)?.ToString(),
    };

    /// <summary>The type of a parameter whose value is NULL, from the DbType it was given.</summary>
    public static string? FromDbType(DbType type) => type switch
    {
        DbType.AnsiString or DbType.AnsiStringFixedLength or DbType.String or DbType.StringFixedLength or DbType.Xml => "String",
        DbType.SByte => "Int8",
        DbType.Int16 => "Int16",
        DbType.Int32 => "Int32",
        DbType.Int64 => "Int64",
        DbType.Byte => "UInt8",
        DbType.UInt16 => "UInt16",
        DbType.UInt32 => "UInt32",
        DbType.UInt64 => "UInt64",
        DbType.Single => "Float32",
        DbType.Double => "Float64",
        DbType.Decimal or DbType.Currency or DbType.VarNumeric => "Decimal(38, 10)",
        DbType.Boolean => "Bool",
        DbType.Date => "Date",
        DbType.DateTime or DbType.DateTime2 or DbType.DateTimeOffset => "DateTime64(7, 'UTC')",
        DbType.Time => "Time64(7)",
        DbType.Guid => "UUID",
        _ => null,
    };

    /// <summary>
    /// Checks that the value can be written as the declared type, so that a wrong one fails here, naming the parameter. A
    /// string passes as it is: it is the text the server parses for the type.
    /// </summary>
    private static void Check(string name, string declared, object? value)
    {
        ClickHouseType type;
        try
        {
            type = ClickHouseType.Parse(declared);
        }
        catch (ClickHouseTypeParseException e)
        {
            throw new ArgumentException($"Parameter '{name}' is declared as '{declared}', which is no ClickHouse type: {e.Message}", nameof(declared), e);
        }
        if (value is string)
        {
            return;
        }
        var scratch = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(scratch);
        try
        {
            ClickHouseValueCodec.Write(ref writer, type, value);
        }
        catch (RowBinaryException e)
        {
            string actual = value is null ? "NULL" : $"a {CSharpTypeNames.Of(value.GetType())} ({Convert.ToString(value, CultureInfo.InvariantCulture)})";
            throw new ArgumentException($"Parameter '{name}' is declared as {type}, but its value is {actual}, which does not fit: {e.Message}", nameof(value), e);
        }
    }

    private static string? TupleType(ITuple tuple)
    {
        var type = new StringBuilder("Tuple(");
        for (int i = 0; i < tuple.Length; i++)
        {
            string? element = tuple[i] is { } item ? Infer(item) : "Nullable(String)";
            if (element is null)
            {
                return null;
            }
            type.Append(i == 0 ? "" : ", ").Append(element);
        }
        return type.Append(')').ToString();
    }

    private static string? MapType(IDictionary map)
    {
        foreach (DictionaryEntry entry in map)
        {
            string? key = Infer(entry.Key);
            string? value = entry.Value is { } item ? Infer(item) : "Nullable(String)";
            return key is null || value is null ? null : $"Map({key}, {value})";
        }
        return "Map(String, String)";
    }

    private static string? ArrayType(IEnumerable items)
    {
        string? element = null;
        bool hasNull = false;
        foreach (object? item in items)
        {
            if (item is null)
            {
                hasNull = true;
                continue;
            }
            string? itemType = Infer(item);
            if (itemType is null || (element is not null && element != itemType))
            {
                return null;
            }
            element = itemType;
        }
        element ??= "Nothing";
        return hasNull && !element.StartsWith("Nullable(", StringComparison.Ordinal) ? $"Array(Nullable({element}))" : $"Array({element})";
    }
}
