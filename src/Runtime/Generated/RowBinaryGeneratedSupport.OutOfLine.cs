using System;
using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// Reads and writes that a wide row's generated <c>Read</c>, <c>ReadNative</c> and <c>Write</c> call instead of
/// inlining. The JIT inlines into one method only up to a budget: a row of many String columns that inlined every
/// string read spent it on the first ten or so, and every read after them, down to the one-instruction
/// <see cref="RowBinaryReader.CurrentColumn"/> store and the slicing of fixed-width runs, became a call; its
/// <c>Write</c> likewise, after inlining the UTF-8 encoder seven times. A call per string costs less than that
/// (docs/performance.md, "Wide rows and the JIT's inlining budget").
/// </summary>
public static partial class RowBinaryGeneratedSupport
{
    /// <summary><see cref="RowBinaryReader.ReadString()"/>, never inlined.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static string ReadStringOutOfLine(ref RowBinaryReader reader) => reader.ReadString();

    /// <summary><see cref="RowBinaryPrimitives.WriteString(Span{byte}, string)"/>, never inlined.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int WriteStringOutOfLine(Span<byte> destination, string value) => RowBinaryPrimitives.WriteString(destination, value);

    /// <summary><see cref="RowBinaryReader.ReadCachedString()"/>, never inlined.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static string ReadCachedStringOutOfLine(ref RowBinaryReader reader) => reader.ReadCachedString();
}
