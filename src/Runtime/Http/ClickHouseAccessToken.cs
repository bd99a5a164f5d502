using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// A bearer access token from <see cref="ClickHouseClientOptions.AccessTokenProvider"/> and when it expires. The client
/// asks for a new one when less than a minute (or a tenth of the token's lifetime, if shorter) is left.
/// </summary>
/// <param name="Value">The token, sent as <c>Authorization: Bearer {Value}</c>.</param>
/// <param name="ExpiresAt">When the server stops accepting it; <see cref="DateTimeOffset.MaxValue"/> for never.</param>
public readonly record struct ClickHouseAccessToken(string Value, DateTimeOffset ExpiresAt)
{
    /// <summary>Never shows the token: it is a credential.</summary>
    public override string ToString() => $"ClickHouseAccessToken (expires {ExpiresAt:O})";
}
