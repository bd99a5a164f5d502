using System;
using System.Runtime.ExceptionServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// When an INSERT (typed or raw) may go to another endpoint after a failed attempt. Always when the request never reached
/// a server. After its body went out, only with a deduplication token that the failed attempt sent, a body that can be
/// sent again whole, and a failure of the transport (not a server's error, not a timeout): the blocks the first server
/// committed are then skipped by a server that shares its deduplication log (replicas of a Replicated table). The next
/// attempt must send the token too: an endpoint whose server lacks the setting gets nothing, and the INSERT fails with
/// the failure that moved it.
/// </summary>
/// <param name="mayResendBody">Whether the rows or the stream can be sent again as they were.</param>
internal sealed class InsertFailover(bool mayResendBody)
{
    private bool _tokenSent;
    private ExceptionDispatchInfo? _movedAfterBody;

    /// <summary>Whether an earlier attempt's body went out, so that this one must start the body again.</summary>
    public bool Resending => _movedAfterBody is not null;

    /// <summary>An attempt is about to send, with or without the token; refuses one that would duplicate what went out before.</summary>
    public void Sending(bool withToken)
    {
        _tokenSent = withToken;
        if (_movedAfterBody is { } moved && !withToken)
        {
            moved.Throw();
        }
    }

    /// <summary>Whether the INSERT may go to another endpoint after <paramref name="failure"/>.</summary>
    public bool MayMove(Exception failure)
    {
        if (ClickHouseClient.NeverReachedServer(failure))
        {
            return true;
        }
        Exception cause = failure is ClickHousePartialInsertException { InnerException: { } inner } ? inner : failure;
        if (!_tokenSent || !mayResendBody || !ClickHouseClient.IsTransportFailure(cause))
        {
            return false;
        }
        _tokenSent = false;
        _movedAfterBody = ExceptionDispatchInfo.Capture(failure);
        return true;
    }
}
