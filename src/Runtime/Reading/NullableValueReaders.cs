using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// <c>T?</c> of a value type: from a <c>Nullable(X)</c> column (the NULL marker, then the value when there is one), or
/// from a column that holds no NULL.
/// </summary>
internal sealed class NullableValueReader<T>(ClickHouseType column, ClickHouseValueReader<T> value, bool hasMarker) : ClickHouseValueReader<T?>(column)
    where T : struct
{
    public override T? Read(ref RowBinaryReader reader) => hasMarker && reader.ReadNullMarker() ? null : value.Read(ref reader);
}

/// <summary>A <c>Nullable(X)</c> column read as a reference type, or as a type known only at run time: null or the value.</summary>
internal sealed class NullMarkerValueReader(ClickHouseType column, ClickHouseValueReader value) : ClickHouseValueReader(column)
{
    public override object? ReadBoxed(ref RowBinaryReader reader) => reader.ReadNullMarker() ? null : value.ReadBoxed(ref reader);

    public override object BoxRaw(byte[] bytes, int index) => throw new NotSupportedException("A Nullable value's bytes start with its NULL marker.");
}
