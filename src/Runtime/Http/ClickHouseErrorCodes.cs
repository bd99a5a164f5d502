namespace ClickHouse.RowBinary;

/// <summary>The ClickHouse error codes this library acts on (src/Common/ErrorCodes.cpp in ClickHouse).</summary>
internal static class ClickHouseErrorCodes
{
    public const int SyntaxError = 62;
    public const int UnknownCompressionMethod = 89;
    public const int UnknownFormat = 73;
    public const int UnknownSetting = 115;
    public const int TimeoutExceeded = 159;
    public const int UnknownUser = 192;
    public const int WrongPassword = 193;
    public const int RequiredPassword = 194;
    public const int IpAddressNotAllowed = 195;
    public const int TooManySimultaneousQueries = 202;
    public const int NoFreeConnection = 203;
    public const int SocketTimeout = 209;
    public const int NetworkError = 210;
    public const int MemoryLimitExceeded = 241;
    public const int TableIsReadOnly = 242;
    public const int TooManyParts = 252;
    public const int TooFewLiveReplicas = 285;
    public const int UnknownStatusOfInsert = 319;
    public const int AllReplicasLost = 415;
    public const int SystemError = 425;
    public const int AuthenticationFailed = 516;
    public const int KeeperException = 999;

    /// <summary>
    /// Errors that say "not now" rather than "never": the same INSERT may succeed when sent again, on this
    /// server or another (overload, a replica that lost its quorum or ZooKeeper, a network fault between servers).
    /// </summary>
    public static bool IsTransient(int code) => code is TimeoutExceeded or TooManySimultaneousQueries or NoFreeConnection
        or SocketTimeout or NetworkError or MemoryLimitExceeded or TableIsReadOnly or TooManyParts or TooFewLiveReplicas
        or UnknownStatusOfInsert or AllReplicasLost or SystemError or KeeperException;
}
