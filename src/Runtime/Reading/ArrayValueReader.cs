using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// An <c>Array(X)</c> column as a .NET array whose element type reads X. Elements whose bytes are their .NET memory
/// (integers and floats of the same type) are read with one copy; others one by one.
/// </summary>
internal sealed class ArrayValueReader : ClickHouseValueReader<Array>
{
    private readonly Type _arrayType;
    private readonly ClickHouseValueReader _element;
    private readonly int _minimumElementSize;
    private readonly string _typeName;

    public ArrayValueReader(ClickHouseType column, Type arrayType, ClickHouseValueReader element)
        : base(column)
    {
        _arrayType = arrayType;
        _element = element;
        // Elements of no bytes (Tuple(), Nothing) still cost one: no count the data cannot back.
        _minimumElementSize = Math.Max(ClickHouseValueCodec.MinimumSize(column.Arguments[0]), 1);
        _typeName = column.ToString();
    }

    public override Array Read(ref RowBinaryReader reader)
    {
        int count = reader.ReadLength(_typeName, _minimumElementSize);
        Array array = Create(_arrayType, count);
        int rawSize = _element.RawSize;
        if (rawSize > 0 && BitConverter.IsLittleEndian)
        {
            reader.ReadBytes(MemoryMarshal.CreateSpan(ref MemoryMarshal.GetArrayDataReference(array), count * rawSize), _typeName);
            return array;
        }
        for (int i = 0; i < count; i++)
        {
            array.SetValue(_element.ReadBoxed(ref reader), i);
        }
        return array;
    }

#if NET9_0_OR_GREATER
    private static Array Create(Type arrayType, int length) => Array.CreateInstanceFromArrayType(arrayType, length);
#else
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification =
        "The array type is a type argument the caller's code names (T of QueryScalarAsync<T>, GetFieldValue<T>, ...), or an element type of one: its code is compiled.")]
    private static Array Create(Type arrayType, int length) => Array.CreateInstance(arrayType.GetElementType()!, length);
#endif
}
