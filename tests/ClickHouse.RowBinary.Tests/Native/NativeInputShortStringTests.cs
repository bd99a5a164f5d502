namespace ClickHouse.RowBinary.Tests.Native;

/// <summary>
/// The scan's fast skip of a String value takes only a one-byte length whose bytes are all there, and leaves anything
/// else (a longer length, a value cut by the data's end) where it was for the checked skip.
/// </summary>
public class NativeInputShortStringTests
{
    [Fact]
    public void TrySkipShortString_SkipsWholeShortValues_OneAfterAnother()
    {
        byte[] data = [0, 3, (byte)'a', (byte)'b', (byte)'c', 127, .. new byte[127], 1, (byte)'z'];
        var input = new NativeInput(data, startOffset: 0, isFinal: true);

        Assert.True(input.TrySkipShortString());
        Assert.Equal(1, input.Position);
        Assert.True(input.TrySkipShortString());
        Assert.Equal(5, input.Position);
        Assert.True(input.TrySkipShortString());
        Assert.Equal(133, input.Position);
        Assert.True(input.TrySkipShortString());
        Assert.True(input.IsEnd);
        Assert.False(input.TrySkipShortString());
    }

    [Theory]
    [InlineData(new byte[] { 4, 1, 2, 3 })]
    [InlineData(new byte[] { 0x80, 0x01, 1, 2 })]
    [InlineData(new byte[] { 0xFF })]
    public void TrySkipShortString_LeavesACutOrLongValueToTheCheckedSkip(byte[] data)
    {
        var input = new NativeInput(data, startOffset: 0, isFinal: true);

        Assert.False(input.TrySkipShortString());
        Assert.Equal(0, input.Position);
    }

    [Fact]
    public void Scan_OfAColumnCutInsideAShortValue_AsksForMoreData_OrNamesTheColumnWhenFinal()
    {
        byte[] data = [2, (byte)'o', (byte)'k', 5, (byte)'c', (byte)'u'];
        var decoder = new StringColumnDecoder(KnownTypes.String);

        var partial = new NativeInput(data, startOffset: 0, isFinal: false);
        try
        {
            decoder.Scan(ref partial, 2);
            Assert.Fail("A cut value must ask for more data.");
        }
        catch (RowBinaryNeedMoreDataException)
        {
        }

        var final = new NativeInput(data, startOffset: 0, isFinal: true);
        try
        {
            decoder.Scan(ref final, 2);
            Assert.Fail("A cut value in final data must be an error.");
        }
        catch (RowBinaryException exception)
        {
            Assert.Contains("String", exception.Message, StringComparison.Ordinal);
        }
    }
}
