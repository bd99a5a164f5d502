using System.Buffers;

namespace ClickHouse.RowBinary.Generator.Tests.Rows;

/// <summary>A single-column row type of the value vectors: its value, boxed, for the checks that compare it.</summary>
public interface IValueVectorRow
{
    object? Value { get; }
}

/// <summary>One row type of <see cref="ValueVectorRows"/>: which vectors it maps, and its generated code, called typed.</summary>
/// <param name="ClickHouseType">The vector type the row type maps.</param>
/// <param name="CSharpType">The C# type of its column, for messages.</param>
/// <param name="HoldsText">True when it reads String bytes as UTF-8 text, so that bytes that are not UTF-8 must be an error.</param>
/// <param name="Run">Reads one row from the bytes with the generated reader and writes it back with the generated writer.</param>
internal sealed record ValueVectorCodec(string ClickHouseType, string CSharpType, bool HoldsText, Func<byte[], ValueVectorRoundTrip> Run)
{
    public override string ToString() => $"{ClickHouseType} as {CSharpType}";

    public static ValueVectorRoundTrip RoundTrip<T>(byte[] data)
        where T : IClickHouseRow<T>, IValueVectorRow
    {
        var reader = new RowBinaryReader(data);
        T row = T.Read(ref reader);
        long consumed = reader.BytesConsumed;

        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        T.Write(ref writer, row);
        writer.Flush();
        return new ValueVectorRoundTrip(row.Value, consumed, buffer.WrittenSpan.ToArray(), T.Schema);
    }

    /// <summary>Reads a Native block of one row with the generated Native reader and writes it back with the Native writer.</summary>
    public ValueVectorRoundTrip RunNative(byte[] data)
    {
        Type rowType = Run.Method.GetGenericArguments()[0];
        try
        {
            return (ValueVectorRoundTrip)typeof(ValueVectorCodec).GetMethod(nameof(NativeRoundTrip))!.MakeGenericMethod(rowType).Invoke(null, [data])!;
        }
        catch (System.Reflection.TargetInvocationException e) when (e.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(e.InnerException);
            throw;
        }
    }

    public static ValueVectorRoundTrip NativeRoundTrip<T>(byte[] data)
        where T : IClickHouseRow<T>, IValueVectorRow
    {
        List<T> rows = NativeSerializer.ReadList<T>(data);
        T row = Assert.Single(rows);
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, rows);
        return new ValueVectorRoundTrip(row.Value, data.Length, buffer.WrittenSpan.ToArray(), T.Schema);
    }
}

/// <summary>What reading and writing back one vector gave.</summary>
internal sealed record ValueVectorRoundTrip(object? Value, long BytesRead, byte[] Written, ClickHouseRowSchema Schema);
