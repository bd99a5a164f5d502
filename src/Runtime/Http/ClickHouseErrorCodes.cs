namespace ClickHouse.RowBinary;

/// <summary>The ClickHouse error codes this library acts on (src/Common/ErrorCodes.cpp in ClickHouse).</summary>
internal static class ClickHouseErrorCodes
{
    public const int UnknownCompressionMethod = 89;
    public const int UnknownFormat = 73;
    public const int UnknownSetting = 115;
    public const int UnknownUser = 192;
    public const int WrongPassword = 193;
    public const int RequiredPassword = 194;
    public const int IpAddressNotAllowed = 195;
    public const int AuthenticationFailed = 516;
}
