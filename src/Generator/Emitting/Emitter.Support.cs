using System;
using System.Collections.Generic;
using ClickHouse.RowBinary.Generator.Helpers;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    /// <summary>
    /// The file-local class beside the row type: the cached schema and the exception factories the generated code
    /// uses (a throw site that calls a factory keeps the hot method small).
    /// </summary>
    internal const string SupportClass = "ClickHouseRowSupport";

    private static readonly (string Name, string Code)[] s_factories =
    {
        ("NullValue", """
            public static global::ClickHouse.RowBinary.RowBinaryException NullValue(string clickHouseType)
                => new($"A null value cannot be written as {clickHouseType}: ClickHouse has no NULL for it. Give the member a value, or declare a Nullable column where ClickHouse allows one.", clickHouseType: clickHouseType);
            """),
        ("NotNull", """
            public static global::ClickHouse.RowBinary.RowBinaryException NotNull(string clickHouseType)
                => new($"{clickHouseType} holds only NULL, but the member has a value.", clickHouseType: clickHouseType);
            """),
        ("NothingValue", """
            public static global::ClickHouse.RowBinary.RowBinaryException NothingValue(string clickHouseType, long offset)
                => new($"Invalid {clickHouseType} at byte offset {offset}: expected the NULL marker 1, since the type holds only NULL.", offset, clickHouseType);
            """),
        ("NotAnEnumValue", """
            public static global::ClickHouse.RowBinary.RowBinaryException NotAnEnumValue(string? value, string clickHouseType)
                => new($"The value '{value ?? "null"}' is not one of the values of {clickHouseType}; add it to the column's Enum type or write one of its values.", clickHouseType: clickHouseType);
            """),
        ("UnknownEnumValue", """
            public static global::ClickHouse.RowBinary.RowBinaryException UnknownEnumValue(long value, string clickHouseType, long offset)
                => new($"Invalid {clickHouseType} at byte offset {offset}: {value} is not one of its values.", offset, clickHouseType);
            """),
        ("InvalidVariantIndex", """
            public static global::ClickHouse.RowBinary.RowBinaryException InvalidVariantIndex(int index, string clickHouseType)
                => new($"A variant with arm index {index} cannot be written as {clickHouseType}, which has no such arm.", clickHouseType: clickHouseType);
            """),
        ("UnknownVariantDiscriminator", """
            public static global::ClickHouse.RowBinary.RowBinaryException UnknownVariantDiscriminator(byte discriminator, string clickHouseType, long offset)
                => new($"Invalid {clickHouseType} at byte offset {offset}: the discriminator {discriminator} names no variant type (expected one of the arms, or 255 for NULL).", offset, clickHouseType);
            """),
        ("DuplicateMapKey", """
            public static global::ClickHouse.RowBinary.RowBinaryException DuplicateMapKey(string? key, string clickHouseType, long offset)
                => new($"Invalid {clickHouseType} before byte offset {offset}: the key '{key}' appears more than once, and a dictionary holds one value per key; map the column to List<KeyValuePair<TKey, TValue>> to keep every entry.", offset, clickHouseType);
            """),
        ("NestedLengthMismatch", """
            public static global::ClickHouse.RowBinary.RowBinaryException NestedLengthMismatch(string column, int length, string firstColumn, int firstLength, string clickHouseType, long offset)
                => new($"Invalid {clickHouseType} before byte offset {offset}: the column '{column}' has {length} elements but '{firstColumn}' has {firstLength}; the arrays of a Nested column must have the same length.", offset, clickHouseType);
            """),
        ("UnknownColumn", """
            public static global::System.ArgumentOutOfRangeException UnknownColumn(int column)
                => new(nameof(column), column, $"The column order names column {column}, which {nameof(Schema)} does not have.");
            """),
        ("IntervalFromTimeSpan", """
            public static long IntervalFromTimeSpan(global::System.TimeSpan value, long ticksPerUnit, string clickHouseType)
            {
                if (value.Ticks % ticksPerUnit != 0)
                {
                    throw new global::ClickHouse.RowBinary.RowBinaryException($"The value {value} is not a whole number of units of {clickHouseType}, which cannot hold it exactly.", clickHouseType: clickHouseType);
                }
                return value.Ticks / ticksPerUnit;
            }
            """),
        ("IntervalToTimeSpan", """
            public static global::System.TimeSpan IntervalToTimeSpan(long value, long ticksPerUnit, string clickHouseType, long offset)
            {
                if (value > long.MaxValue / ticksPerUnit || value < long.MinValue / ticksPerUnit)
                {
                    throw new global::ClickHouse.RowBinary.RowBinaryException($"Invalid {clickHouseType} at byte offset {offset}: {value} is outside the range of System.TimeSpan; map the column to long.", offset, clickHouseType);
                }
                return global::System.TimeSpan.FromTicks(value * ticksPerUnit);
            }
            """),
        ("IntervalNanosecondsFromTimeSpan", """
            public static long IntervalNanosecondsFromTimeSpan(global::System.TimeSpan value)
            {
                if (value.Ticks > long.MaxValue / 100 || value.Ticks < long.MinValue / 100)
                {
                    throw new global::ClickHouse.RowBinary.RowBinaryException($"The value {value} is outside the range of IntervalNanosecond.", clickHouseType: "IntervalNanosecond");
                }
                return value.Ticks * 100;
            }
            """),
        ("IntervalNanosecondsToTimeSpan", """
            public static global::System.TimeSpan IntervalNanosecondsToTimeSpan(long value, long offset)
            {
                if (value % 100 != 0)
                {
                    throw new global::ClickHouse.RowBinary.RowBinaryException($"Invalid IntervalNanosecond at byte offset {offset}: {value} ns is finer than the 100 ns of System.TimeSpan; map the column to long to keep every nanosecond.", offset, "IntervalNanosecond");
                }
                return global::System.TimeSpan.FromTicks(value / 100);
            }
            """),
    };

    private void EmitSupportClass()
    {
        string body = _code.ToString();
        _code.WriteLine($"file static class {SupportClass}");
        using (_code.OpenBlock())
        {
            _code.WriteLine($"public static readonly {SchemaType} Schema = new(");
            _code.Indent();
            _code.WriteLine($"{Literal(_spec.Name)},");
            _code.WriteLine($"new {ColumnInfoType}[]");
            _code.WriteLine("{");
            _code.Indent();
            foreach (SchemaColumn column in _columns)
            {
                _code.WriteLine($"new({Literal(column.Name)}, {Literal(column.Type)}, {Literal(column.MemberName)}),");
            }
            _code.Unindent();
            _code.WriteLine("});");
            _code.Unindent();
            EmitJsonTypeFields(body);

            // Only the factories the generated methods call, so that the file holds no dead code.
            foreach ((string name, string code) in s_factories)
            {
                if (body.IndexOf($"{SupportClass}.{name}(", StringComparison.Ordinal) >= 0)
                {
                    _code.WriteLine();
                    _code.WriteLine(code);
                }
            }
        }
    }
}
