using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary;

// Rows read without a row type: one value (scalars, QueryValuesAsync) or a value tuple of 2 to 7 elements, each
// element read from the column at its position by the reader ValueRowBinding chose for the column's type.

/// <summary>Rows of one column, each read as <typeparamref name="T"/>.</summary>
internal struct ValueRowDecoder<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T> : IRowDecoder<T>
{
    private ClickHouseValueReader<T> _1;

    public ClickHouseRowSchema Schema { get; private set; }

    public void Accept(RowBinaryHeader header)
    {
        var binding = new ValueRowBinding(header, CSharpTypeNames.Of(typeof(T)), typeof(T));
        _1 = binding.Bind<T>(0);
        binding.ThrowIfMismatched();
        Schema = binding.Schema;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly T Read(ref RowBinaryReader reader)
    {
        reader.CurrentColumn = 0;
        return _1.Read(ref reader);
    }
}

/// <summary>Rows of 2 columns, each read as the tuple's element at its position.</summary>
internal struct TupleRowDecoder<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2> : IRowDecoder<(T1, T2)>
{
    private ClickHouseValueReader<T1> _1;
    private ClickHouseValueReader<T2> _2;

    public ClickHouseRowSchema Schema { get; private set; }

    public void Accept(RowBinaryHeader header)
    {
        var binding = new ValueRowBinding(header, CSharpTypeNames.Of(typeof((T1, T2))), typeof(T1), typeof(T2));
        _1 = binding.Bind<T1>(0);
        _2 = binding.Bind<T2>(1);
        binding.ThrowIfMismatched();
        Schema = binding.Schema;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly (T1, T2) Read(ref RowBinaryReader reader)
    {
        reader.CurrentColumn = 0;
        T1 item1 = _1.Read(ref reader);
        reader.CurrentColumn = 1;
        return (item1, _2.Read(ref reader));
    }
}

/// <summary>Rows of 3 columns, each read as the tuple's element at its position.</summary>
internal struct TupleRowDecoder<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3> : IRowDecoder<(T1, T2, T3)>
{
    private ClickHouseValueReader<T1> _1;
    private ClickHouseValueReader<T2> _2;
    private ClickHouseValueReader<T3> _3;

    public ClickHouseRowSchema Schema { get; private set; }

    public void Accept(RowBinaryHeader header)
    {
        var binding = new ValueRowBinding(header, CSharpTypeNames.Of(typeof((T1, T2, T3))), typeof(T1), typeof(T2), typeof(T3));
        _1 = binding.Bind<T1>(0);
        _2 = binding.Bind<T2>(1);
        _3 = binding.Bind<T3>(2);
        binding.ThrowIfMismatched();
        Schema = binding.Schema;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly (T1, T2, T3) Read(ref RowBinaryReader reader)
    {
        reader.CurrentColumn = 0;
        T1 item1 = _1.Read(ref reader);
        reader.CurrentColumn = 1;
        T2 item2 = _2.Read(ref reader);
        reader.CurrentColumn = 2;
        return (item1, item2, _3.Read(ref reader));
    }
}

/// <summary>Rows of 4 columns, each read as the tuple's element at its position.</summary>
internal struct TupleRowDecoder<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4> : IRowDecoder<(T1, T2, T3, T4)>
{
    private ClickHouseValueReader<T1> _1;
    private ClickHouseValueReader<T2> _2;
    private ClickHouseValueReader<T3> _3;
    private ClickHouseValueReader<T4> _4;

    public ClickHouseRowSchema Schema { get; private set; }

    public void Accept(RowBinaryHeader header)
    {
        var binding = new ValueRowBinding(header, CSharpTypeNames.Of(typeof((T1, T2, T3, T4))), typeof(T1), typeof(T2), typeof(T3), typeof(T4));
        _1 = binding.Bind<T1>(0);
        _2 = binding.Bind<T2>(1);
        _3 = binding.Bind<T3>(2);
        _4 = binding.Bind<T4>(3);
        binding.ThrowIfMismatched();
        Schema = binding.Schema;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly (T1, T2, T3, T4) Read(ref RowBinaryReader reader)
    {
        reader.CurrentColumn = 0;
        T1 item1 = _1.Read(ref reader);
        reader.CurrentColumn = 1;
        T2 item2 = _2.Read(ref reader);
        reader.CurrentColumn = 2;
        T3 item3 = _3.Read(ref reader);
        reader.CurrentColumn = 3;
        return (item1, item2, item3, _4.Read(ref reader));
    }
}

/// <summary>Rows of 5 columns, each read as the tuple's element at its position.</summary>
internal struct TupleRowDecoder<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5> : IRowDecoder<(T1, T2, T3, T4, T5)>
{
    private ClickHouseValueReader<T1> _1;
    private ClickHouseValueReader<T2> _2;
    private ClickHouseValueReader<T3> _3;
    private ClickHouseValueReader<T4> _4;
    private ClickHouseValueReader<T5> _5;

    public ClickHouseRowSchema Schema { get; private set; }

    public void Accept(RowBinaryHeader header)
    {
        var binding = new ValueRowBinding(header, CSharpTypeNames.Of(typeof((T1, T2, T3, T4, T5))), typeof(T1), typeof(T2), typeof(T3), typeof(T4), typeof(T5));
        _1 = binding.Bind<T1>(0);
        _2 = binding.Bind<T2>(1);
        _3 = binding.Bind<T3>(2);
        _4 = binding.Bind<T4>(3);
        _5 = binding.Bind<T5>(4);
        binding.ThrowIfMismatched();
        Schema = binding.Schema;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly (T1, T2, T3, T4, T5) Read(ref RowBinaryReader reader)
    {
        reader.CurrentColumn = 0;
        T1 item1 = _1.Read(ref reader);
        reader.CurrentColumn = 1;
        T2 item2 = _2.Read(ref reader);
        reader.CurrentColumn = 2;
        T3 item3 = _3.Read(ref reader);
        reader.CurrentColumn = 3;
        T4 item4 = _4.Read(ref reader);
        reader.CurrentColumn = 4;
        return (item1, item2, item3, item4, _5.Read(ref reader));
    }
}

/// <summary>Rows of 6 columns, each read as the tuple's element at its position.</summary>
internal struct TupleRowDecoder<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6> : IRowDecoder<(T1, T2, T3, T4, T5, T6)>
{
    private ClickHouseValueReader<T1> _1;
    private ClickHouseValueReader<T2> _2;
    private ClickHouseValueReader<T3> _3;
    private ClickHouseValueReader<T4> _4;
    private ClickHouseValueReader<T5> _5;
    private ClickHouseValueReader<T6> _6;

    public ClickHouseRowSchema Schema { get; private set; }

    public void Accept(RowBinaryHeader header)
    {
        var binding = new ValueRowBinding(header, CSharpTypeNames.Of(typeof((T1, T2, T3, T4, T5, T6))), typeof(T1), typeof(T2), typeof(T3), typeof(T4), typeof(T5), typeof(T6));
        _1 = binding.Bind<T1>(0);
        _2 = binding.Bind<T2>(1);
        _3 = binding.Bind<T3>(2);
        _4 = binding.Bind<T4>(3);
        _5 = binding.Bind<T5>(4);
        _6 = binding.Bind<T6>(5);
        binding.ThrowIfMismatched();
        Schema = binding.Schema;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly (T1, T2, T3, T4, T5, T6) Read(ref RowBinaryReader reader)
    {
        reader.CurrentColumn = 0;
        T1 item1 = _1.Read(ref reader);
        reader.CurrentColumn = 1;
        T2 item2 = _2.Read(ref reader);
        reader.CurrentColumn = 2;
        T3 item3 = _3.Read(ref reader);
        reader.CurrentColumn = 3;
        T4 item4 = _4.Read(ref reader);
        reader.CurrentColumn = 4;
        T5 item5 = _5.Read(ref reader);
        reader.CurrentColumn = 5;
        return (item1, item2, item3, item4, item5, _6.Read(ref reader));
    }
}

/// <summary>Rows of 7 columns, each read as the tuple's element at its position.</summary>
internal struct TupleRowDecoder<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T1, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T2, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T3, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T4, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T5, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T6, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T7> : IRowDecoder<(T1, T2, T3, T4, T5, T6, T7)>
{
    private ClickHouseValueReader<T1> _1;
    private ClickHouseValueReader<T2> _2;
    private ClickHouseValueReader<T3> _3;
    private ClickHouseValueReader<T4> _4;
    private ClickHouseValueReader<T5> _5;
    private ClickHouseValueReader<T6> _6;
    private ClickHouseValueReader<T7> _7;

    public ClickHouseRowSchema Schema { get; private set; }

    public void Accept(RowBinaryHeader header)
    {
        var binding = new ValueRowBinding(header, CSharpTypeNames.Of(typeof((T1, T2, T3, T4, T5, T6, T7))), typeof(T1), typeof(T2), typeof(T3), typeof(T4), typeof(T5), typeof(T6), typeof(T7));
        _1 = binding.Bind<T1>(0);
        _2 = binding.Bind<T2>(1);
        _3 = binding.Bind<T3>(2);
        _4 = binding.Bind<T4>(3);
        _5 = binding.Bind<T5>(4);
        _6 = binding.Bind<T6>(5);
        _7 = binding.Bind<T7>(6);
        binding.ThrowIfMismatched();
        Schema = binding.Schema;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly (T1, T2, T3, T4, T5, T6, T7) Read(ref RowBinaryReader reader)
    {
        reader.CurrentColumn = 0;
        T1 item1 = _1.Read(ref reader);
        reader.CurrentColumn = 1;
        T2 item2 = _2.Read(ref reader);
        reader.CurrentColumn = 2;
        T3 item3 = _3.Read(ref reader);
        reader.CurrentColumn = 3;
        T4 item4 = _4.Read(ref reader);
        reader.CurrentColumn = 4;
        T5 item5 = _5.Read(ref reader);
        reader.CurrentColumn = 5;
        T6 item6 = _6.Read(ref reader);
        reader.CurrentColumn = 6;
        return (item1, item2, item3, item4, item5, item6, _7.Read(ref reader));
    }
}
