using System.Diagnostics;
using CsCheck;

namespace ClickHouse.RowBinary.Generator.Tests.Fuzz;

/// <summary>
/// What every fuzz input must satisfy, whatever its bytes: only our exception types escape, the read ends within
/// <see cref="HangAfter"/>, and it allocates at most <see cref="BaseAllowance"/> plus <see cref="BytesPerInputByte"/>
/// for each byte it was given.
/// </summary>
internal static class FuzzCheck
{
    /// <summary>A read that has not ended after this long is taken for a hang (a normal input takes microseconds).</summary>
    public static readonly TimeSpan HangAfter = TimeSpan.FromSeconds(10);

    /// <summary>Fixed costs of one read: pipes and buffers of the async reader, type parsing, the list of rows.</summary>
    public const long BaseAllowance = 4 * 1024 * 1024;

    /// <summary>The constant factor: boxed values, UTF-16 text, decoded types cost more than the bytes that carry them.</summary>
    public const long BytesPerInputByte = 1024;

    /// <summary>Seconds for all fuzz targets together: FUZZ_SECONDS, else 60 (the smoke run of the normal test run).</summary>
    public static int TotalSeconds { get; } =
        int.TryParse(Environment.GetEnvironmentVariable("FUZZ_SECONDS"), out int seconds) && seconds > 0 ? seconds : 60;

    /// <summary>FUZZ_SEED (or CsCheck's own CsCheck_Seed) replays a failure: the seed CsCheck printed for it.</summary>
    public static string? Seed { get; } =
        Environment.GetEnvironmentVariable("FUZZ_SEED") is { Length: > 0 } seed ? seed
        : Environment.GetEnvironmentVariable("CsCheck_Seed") is { Length: > 0 } own ? own
        : null;

    /// <summary>Runs <paramref name="gen"/>'s inputs through <paramref name="check"/> for this target's share of the time.</summary>
    public static void Run<T>(string target, int targetCount, Gen<T> gen, Action<T> check, Func<T, string> print, Action<string> writeLine)
    {
        int seconds = Math.Max(1, TotalSeconds / targetCount);
        writeLine($"fuzz {target}: {seconds} s, seed {Seed ?? "(random; a failure prints the seed to replay it with FUZZ_SEED)"}");
        gen.Sample(check, writeLine: writeLine, seed: Seed, time: seconds, threads: 1, print: print);
    }

    /// <summary>
    /// Reads <paramref name="input"/> with <paramref name="read"/> on a thread of its own (1.5 MiB of stack) and checks
    /// the rules. Not a pool thread: fuzz targets run in parallel and wait here, and under load a starved thread pool
    /// would start the read too late and report a hang that is not one.
    /// </summary>
    public static void Read(ReadOnlyMemory<byte> input, long inputLength, Action read)
    {
        Exception? foreign = null;
        long allocated = 0;
        var thread = new Thread(() =>
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            try
            {
                read();
            }
            catch (RowBinaryException)
            {
            }
            catch (ClickHouseTypeParseException)
            {
            }
            catch (ClickHouseServerException)
            {
                // Through the client: error text a server may append to a result is the server's error, not data.
            }
            catch (Exception e)
            {
                foreign = e;
            }
            allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        }, maxStackSize: 1536 * 1024) { IsBackground = true };
        var watch = Stopwatch.StartNew();
        thread.Start();
        if (!thread.Join(HangAfter))
        {
            throw new TimeoutException($"reading {inputLength} bytes ({Convert.ToHexStringLower(input.Span)}) has not ended after {watch.Elapsed.TotalSeconds:F0} s");
        }
        if (foreign is not null)
        {
            throw new InvalidOperationException($"{foreign.GetType()} escaped a public read API: {foreign.Message}", foreign);
        }
        long bound = BaseAllowance + BytesPerInputByte * inputLength;
        if (allocated > bound)
        {
            throw new InvalidOperationException($"reading {inputLength} bytes allocated {allocated:N0} bytes, more than the {bound:N0} allowed");
        }
    }
}
