using System;
using System.Collections.Concurrent;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// A client's knowledge of each endpoint's <see cref="ServerInsertSettings"/>, asked once and shared by concurrent
/// askers. A server that answers the question with an error (a user who may not read <c>system.settings</c>) is taken
/// to have none of the settings, for good, and that is reported once (<see cref="ClickHouseEventSource"/>); a question
/// that did not get through (the server unreachable, no answer within <see cref="Patience"/>) is asked again next time.
/// Asking never fails: not knowing means no deduplication token and ClickHouse's default block size.
/// </summary>
internal sealed class ServerSettingsCache(Func<Uri, TimeSpan, Task<ServerInsertSettings>> ask)
{
    /// <summary>How long the question may take; a server that needs longer is taken to have nothing to say, this time.</summary>
    public static readonly TimeSpan Patience = TimeSpan.FromSeconds(10);

    private readonly ConcurrentDictionary<Uri, Lazy<Task<ServerInsertSettings>>> _answers = new();

    /// <summary>The endpoint's settings; <paramref name="cancellationToken"/> stops this caller's wait, not the question.</summary>
    public Task<ServerInsertSettings> GetAsync(Uri endpoint, CancellationToken cancellationToken)
    {
        Lazy<Task<ServerInsertSettings>> answer = _answers.GetOrAdd(endpoint, uri => new Lazy<Task<ServerInsertSettings>>(() => AskAsync(uri)));
        return answer.Value.WaitAsync(cancellationToken);
    }

    /// <summary>What is known without asking: the answer when it is in, else nothing.</summary>
    public ServerInsertSettings Known(Uri endpoint)
        => _answers.TryGetValue(endpoint, out Lazy<Task<ServerInsertSettings>>? answer) && answer.IsValueCreated && answer.Value.IsCompletedSuccessfully
            ? answer.Value.Result
            : ServerInsertSettings.None;

    private async Task<ServerInsertSettings> AskAsync(Uri endpoint)
    {
        try
        {
            return await ask(endpoint, Patience).ConfigureAwait(false);
        }
        catch (ClickHouseServerException e)
        {
            ClickHouseEventSource.Log.ServerSettingsUnreadable(endpoint.GetLeftPart(UriPartial.Path), e.Message);
            return ServerInsertSettings.None;
        }
        catch (Exception)
        {
            // The question did not get through (unreachable, too slow, an answer that could not be read): ask again next time.
            _answers.TryRemove(endpoint, out _);
            return ServerInsertSettings.None;
        }
    }
}
