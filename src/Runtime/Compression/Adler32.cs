using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace ClickHouse.RowBinary;

/// <summary>The Adler-32 checksum that ends a zlib stream (RFC 1950), 32 bytes a step where AVX2 is there.</summary>
internal static class Adler32
{
    private const uint Modulus = 65521;

    /// <summary>The most bytes whose sums stay within 32 bits before the modulus must be taken (zlib's NMAX).</summary>
    private const int MaxRun = 5552;

    /// <summary>The checksum of <paramref name="data"/> following the checksum <paramref name="adler"/> of what came before (1 at the start).</summary>
    public static uint Update(uint adler, ReadOnlySpan<byte> data)
    {
        uint a = adler & 0xFFFF;
        uint b = adler >> 16;
        if (Avx2.IsSupported)
        {
            UpdateAvx2(ref a, ref b, ref data);
        }
        while (!data.IsEmpty)
        {
            ReadOnlySpan<byte> run = data.Slice(0, Math.Min(data.Length, MaxRun));
            foreach (byte value in run)
            {
                a += value;
                b += a;
            }
            a %= Modulus;
            b %= Modulus;
            data = data.Slice(run.Length);
        }
        return (b << 16) | a;
    }

    /// <summary>
    /// Whole 32-byte blocks, in runs of up to <see cref="MaxRun"/> bytes: over a run of n bytes starting at (a, b),
    /// a gains the sum S of the bytes and b gains n·a + Σ (n − i)·dᵢ, which is 32·Σ (blocks after j)·Sⱼ plus the bytes
    /// weighted 32 down to 1 within each block.
    /// </summary>
    private static void UpdateAvx2(ref uint a, ref uint b, ref ReadOnlySpan<byte> data)
    {
        Vector256<sbyte> weights = Vector256.Create(
            32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, (sbyte)1);
        Vector256<short> ones = Vector256.Create((short)1);
        while (data.Length >= Vector256<byte>.Count)
        {
            int blocks = Math.Min(data.Length, MaxRun) / Vector256<byte>.Count;
            ref byte start = ref MemoryMarshal.GetReference(data);
            Vector256<ulong> sums = Vector256<ulong>.Zero;
            Vector256<ulong> sumsBefore = Vector256<ulong>.Zero;
            Vector256<int> weighted = Vector256<int>.Zero;
            for (int block = 0; block < blocks; block++)
            {
                Vector256<byte> bytes = Vector256.LoadUnsafe(ref start, (nuint)(block * Vector256<byte>.Count));
                sumsBefore += sums;
                sums += Avx2.SumAbsoluteDifferences(bytes, Vector256<byte>.Zero).AsUInt64();
                weighted += Avx2.MultiplyAddAdjacent(Avx2.MultiplyAddAdjacent(bytes, weights), ones);
            }
            int length = blocks * Vector256<byte>.Count;
            ulong sum = Vector256.Sum(sums);
            b = (uint)((b + (ulong)length * a + (ulong)Vector256<byte>.Count * Vector256.Sum(sumsBefore) + (ulong)Vector256.Sum(weighted)) % Modulus);
            a = (uint)((a + sum) % Modulus);
            data = data.Slice(length);
        }
    }
}
