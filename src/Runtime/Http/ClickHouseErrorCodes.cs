namespace ClickHouse.RowBinary;

/// <summary>The ClickHouse error codes this library acts on (src/Common/ErrorCodes.cpp in ClickHouse).</summary>
internal static class ClickHouseErrorCodes
{
    public const int CannotParseText = 6;
    public const int NotFoundColumnInBlock = 10;
    public const int NoSuchColumnInTable = 16;
    public const int NumberOfColumnsDoesntMatch = 20;
    public const int CannotParseInputAssertionFailed = 27;
    public const int CannotReadAllData = 33;
    public const int UnknownIdentifier = 47;
    public const int CannotConvertType = 70;
    public const int TypeMismatch = 53;
    public const int UnknownTable = 60;
    public const int SyntaxError = 62;
    public const int UnknownDatabase = 81;
    public const int IncorrectData = 117;
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
    public const int BadCast = 368;
    public const int SessionNotFound = 372;
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

    /// <summary>
    /// Errors an INSERT gets when the table is not what its probed schema said: a header type the table refuses (117),
    /// a column that is gone, rows that no longer parse, a table or database dropped; for Native blocks, a column of
    /// another type than the table's (368 on servers that take a block's bytes as the table's types, 70 and 6 on those
    /// that convert them).
    /// </summary>
    public static bool MeansSchemaChanged(int code) => code is NotFoundColumnInBlock or NoSuchColumnInTable or NumberOfColumnsDoesntMatch
        or CannotParseInputAssertionFailed or CannotReadAllData or UnknownIdentifier or TypeMismatch or UnknownTable or UnknownDatabase
        or IncorrectData or BadCast or CannotConvertType or CannotParseText;
}
