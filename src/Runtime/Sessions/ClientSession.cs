using System;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// A ClickHouse session (<c>session_id</c>) of a client: pinned to the endpoint picked when it was created, since the
/// session's temporary tables and settings live there. Its requests never move: when that endpoint cannot be reached, or
/// the server no longer has the session, they fail with <see cref="ClickHouseSessionLostException"/>.
/// </summary>
internal sealed class ClientSession(string id, TimeSpan timeout, EndpointPool.Endpoint endpoint)
{
    public string Id { get; } = id;

    public TimeSpan Timeout { get; } = timeout;

    public EndpointPool.Endpoint Endpoint { get; } = endpoint;

    /// <summary>Whether a request of the session reached the server: from then on the server must still have it.</summary>
    public bool Started { get; private set; }

    public async Task<TResult> SendAsync<TResult>(ClickHouseClient client, Func<EndpointPool.Endpoint, Task<TResult>> attempt, string queryId,
        bool killOnAbandon, CancellationToken cancellationToken)
    {
        try
        {
            TResult result = await attempt(Endpoint).ConfigureAwait(false);
            client.EndpointReached(Endpoint);
            Started = true;
            return result;
        }
        catch (Exception e)
        {
            client.NoteFailure(Endpoint, e, queryId, killOnAbandon, cancellationToken);
            if (ClickHouseClient.NeverReachedServer(e))
            {
                throw new ClickHouseSessionLostException(Id, Endpoint.Uri,
                    $"The ClickHouse session {Id} lives on {Endpoint.Uri}, which cannot be reached ({e.Message}). A session's temporary tables and " +
                    "SET settings live on that one server, so the session does not move to another endpoint: create a new session (CreateSession) and set it up again.", e);
            }
            if (e is ClickHouseServerException { Code: ClickHouseErrorCodes.SessionNotFound })
            {
                throw new ClickHouseSessionLostException(Id, Endpoint.Uri,
                    $"The server at {Endpoint.Uri} no longer has the ClickHouse session {Id} (it restarted, or the session was idle longer than its " +
                    $"timeout of {Timeout.TotalSeconds:0} s): its temporary tables and SET settings are gone. Create a new session (CreateSession) and set it up again.", e);
            }
            throw;
        }
    }
}
