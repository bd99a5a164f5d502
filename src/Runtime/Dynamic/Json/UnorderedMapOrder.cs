using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// The iteration order of a libc++ <c>std::unordered_map&lt;std::string, ...&gt;</c> after inserting keys in a given
/// order. ClickHouse keeps a JSON column's typed and dynamic paths in such maps and writes them in this order, so
/// reproducing it makes the bytes this library writes identical to the bytes ClickHouse writes for the same JSON
/// (ClickHouse reads paths in any order; the exact order only matters for byte-for-byte equality).
/// </summary>
/// <remarks>
/// libc++ hashes strings with its CityHash64 variant, starts with 2 buckets and grows to the next prime above
/// twice the count when the load factor would pass 1, keeps all nodes in one singly linked list and puts a node
/// that starts a new bucket at the front of that list.
/// </remarks>
internal static class UnorderedMapOrder
{
    public static List<string> Order(IReadOnlyList<string> keysInInsertionOrder)
    {
        int count = keysInInsertionOrder.Count;
        var result = new List<string>(count);
        if (count == 0)
        {
            return result;
        }
        var hashes = new ulong[count];
        for (int i = 0; i < count; i++)
        {
            hashes[i] = CityHash64(Encoding.UTF8.GetBytes(keysInInsertionOrder[i]));
        }

        // Node i + 1 is key i; node 0 is the list head ("before begin"); -1 ends the list.
        var next = new int[count + 1];
        next[0] = -1;
        int[] buckets = [];
        int bucketCount = 0;
        for (int i = 0; i < count; i++)
        {
            int node = i + 1;
            if (i + 1 > bucketCount || bucketCount == 0)
            {
                int wanted = Math.Max(2 * bucketCount + (IsHashPowerOfTwo(bucketCount) ? 0 : 1), i + 1);
                wanted = wanted == 1 ? 2 : (wanted & (wanted - 1)) != 0 ? NextPrime(wanted) : wanted;
                if (wanted > bucketCount)
                {
                    bucketCount = wanted;
                    buckets = Rehash(next, hashes, bucketCount);
                }
            }
            int bucket = Constrain(hashes[i], bucketCount);
            int before = buckets[bucket];
            if (before < 0)
            {
                next[node] = next[0];
                next[0] = node;
                buckets[bucket] = 0;
                if (next[node] >= 0)
                {
                    buckets[Constrain(hashes[next[node] - 1], bucketCount)] = node;
                }
            }
            else
            {
                next[node] = next[before];
                next[before] = node;
            }
        }
        for (int node = next[0]; node >= 0; node = next[node])
        {
            result.Add(keysInInsertionOrder[node - 1]);
        }
        return result;
    }

    /// <summary>Regroups the list by the new buckets as libc++ does; returns, per bucket, the node before its first node.</summary>
    private static int[] Rehash(int[] next, ulong[] hashes, int bucketCount)
    {
        var buckets = new int[bucketCount];
        Array.Fill(buckets, -1);
        int previous = 0;
        int current = next[0];
        if (current < 0)
        {
            return buckets;
        }
        int previousBucket = Constrain(hashes[current - 1], bucketCount);
        buckets[previousBucket] = previous;
        previous = current;
        for (current = next[previous]; current >= 0; current = next[previous])
        {
            int bucket = Constrain(hashes[current - 1], bucketCount);
            if (bucket == previousBucket)
            {
                previous = current;
            }
            else if (buckets[bucket] < 0)
            {
                buckets[bucket] = previous;
                previous = current;
                previousBucket = bucket;
            }
            else
            {
                next[previous] = next[current];
                next[current] = next[buckets[bucket]];
                next[buckets[bucket]] = current;
            }
        }
        return buckets;
    }

    private static bool IsHashPowerOfTwo(int bucketCount) => bucketCount > 2 && (bucketCount & (bucketCount - 1)) == 0;

    private static int Constrain(ulong hash, int bucketCount)
        => (bucketCount & (bucketCount - 1)) == 0 ? (int)(hash & (ulong)(bucketCount - 1)) : (int)(hash % (ulong)bucketCount);

    private static int NextPrime(int n)
    {
        for (; ; n++)
        {
            bool prime = n >= 2;
            for (int d = 2; (long)d * d <= n && prime; d++)
            {
                prime = n % d != 0;
            }
            if (prime)
            {
                return n;
            }
        }
    }

    private const ulong K0 = 0xc3a5c85c97cb3127UL;
    private const ulong K1 = 0xb492b66fbe98f273UL;
    private const ulong K2 = 0x9ae16a3b2f90404fUL;
    private const ulong K3 = 0xc949d7c7509e6557UL;

    /// <summary>libc++'s <c>__murmur2_or_cityhash&lt;size_t, 64&gt;</c>: CityHash64 as libc++ implements it.</summary>
    internal static ulong CityHash64(ReadOnlySpan<byte> s)
    {
        int length = s.Length;
        if (length <= 32)
        {
            return length <= 16 ? HashLength0To16(s) : HashLength17To32(s);
        }
        if (length <= 64)
        {
            return HashLength33To64(s);
        }
        ulong len = (ulong)length;
        ulong x = Word(s, length - 40);
        ulong y = Word(s, length - 16) + Word(s, length - 56);
        ulong z = HashLength16(Word(s, length - 48) + len, Word(s, length - 24));
        (ulong First, ulong Second) v = WeakHashLength32WithSeeds(s.Slice(length - 64), len, z);
        (ulong First, ulong Second) w = WeakHashLength32WithSeeds(s.Slice(length - 32), y + K1, x);
        x = x * K1 + Word(s, 0);
        int remaining = (length - 1) & ~63;
        int offset = 0;
        do
        {
            x = Rotate(x + y + v.First + Word(s, offset + 8), 37) * K1;
            y = Rotate(y + v.Second + Word(s, offset + 48), 42) * K1;
            x ^= w.Second;
            y += v.First + Word(s, offset + 40);
            z = Rotate(z + w.First, 33) * K1;
            v = WeakHashLength32WithSeeds(s.Slice(offset), v.Second * K1, x + w.First);
            w = WeakHashLength32WithSeeds(s.Slice(offset + 32), z + w.Second, y + Word(s, offset + 16));
            (z, x) = (x, z);
            offset += 64;
            remaining -= 64;
        }
        while (remaining != 0);
        return HashLength16(HashLength16(v.First, w.First) + ShiftMix(y) * K1 + z, HashLength16(v.Second, w.Second) + x);
    }

    private static ulong Word(ReadOnlySpan<byte> s, int offset) => BinaryPrimitives.ReadUInt64LittleEndian(s.Slice(offset));

    private static uint Word32(ReadOnlySpan<byte> s, int offset) => BinaryPrimitives.ReadUInt32LittleEndian(s.Slice(offset));

    private static ulong Rotate(ulong value, int shift) => shift == 0 ? value : (value >> shift) | (value << (64 - shift));

    private static ulong ShiftMix(ulong value) => value ^ (value >> 47);

    private static ulong HashLength16(ulong u, ulong v)
    {
        const ulong Mul = 0x9ddfea08eb382d69UL;
        ulong a = (u ^ v) * Mul;
        a ^= a >> 47;
        ulong b = (v ^ a) * Mul;
        b ^= b >> 47;
        return b * Mul;
    }

    private static ulong HashLength0To16(ReadOnlySpan<byte> s)
    {
        int length = s.Length;
        if (length > 8)
        {
            ulong a = Word(s, 0);
            ulong b = Word(s, length - 8);
            // libc++ rotates by the length itself, which is never 0 here.
            ulong rotated = ((b + (ulong)length) >> length) | ((b + (ulong)length) << (64 - length));
            return HashLength16(a, rotated) ^ b;
        }
        if (length >= 4)
        {
            // ClickHouse's libc++ has the fixed CityHash (_LIBCPP_ABI_FIX_CITYHASH_IMPLEMENTATION): a widens before the shift.
            ulong a = Word32(s, 0);
            uint b = Word32(s, length - 4);
            return HashLength16((ulong)length + (a << 3), b);
        }
        if (length > 0)
        {
            uint a = s[0];
            uint b = s[length >> 1];
            uint c = s[length - 1];
            uint y = a + (b << 8);
            uint z = (uint)length + (c << 2);
            return ShiftMix((y * K2) ^ (z * K3)) * K2;
        }
        return K2;
    }

    private static ulong HashLength17To32(ReadOnlySpan<byte> s)
    {
        ulong length = (ulong)s.Length;
        ulong a = Word(s, 0) * K1;
        ulong b = Word(s, 8);
        ulong c = Word(s, s.Length - 8) * K2;
        ulong d = Word(s, s.Length - 16) * K0;
        return HashLength16(Rotate(a - b, 43) + Rotate(c, 30) + d, a + Rotate(b ^ K3, 20) - c + length);
    }

    private static ulong HashLength33To64(ReadOnlySpan<byte> s)
    {
        int length = s.Length;
        ulong z = Word(s, 24);
        ulong a = Word(s, 0) + ((ulong)length + Word(s, length - 16)) * K0;
        ulong b = Rotate(a + z, 52);
        ulong c = Rotate(a, 37);
        a += Word(s, 8);
        c += Rotate(a, 7);
        a += Word(s, 16);
        ulong vf = a + z;
        ulong vs = b + Rotate(a, 31) + c;
        a = Word(s, 16) + Word(s, length - 32);
        z += Word(s, length - 8);
        b = Rotate(a + z, 52);
        c = Rotate(a, 37);
        a += Word(s, length - 24);
        c += Rotate(a, 7);
        a += Word(s, length - 16);
        ulong wf = a + z;
        ulong ws = b + Rotate(a, 31) + c;
        ulong r = ShiftMix((vf + ws) * K2 + (wf + vs) * K0);
        return ShiftMix(r * K0 + vs) * K2;
    }

    private static (ulong First, ulong Second) WeakHashLength32WithSeeds(ReadOnlySpan<byte> s, ulong a, ulong b)
    {
        ulong w = Word(s, 0);
        ulong x = Word(s, 8);
        ulong y = Word(s, 16);
        ulong z = Word(s, 24);
        a += w;
        b = Rotate(b + a + z, 21);
        ulong c = a;
        a += x;
        a += y;
        b += Rotate(a, 44);
        return (a + z, b + c);
    }
}
