using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>What one request adds to the client's: its roles (instead of the client's) and headers (over the client's).</summary>
internal sealed record RequestScope(IList<string>? Roles, IDictionary<string, string>? Headers)
{
    public static RequestScope? Of(ClickHouseQueryOptions? options)
        => options is null || (options.Roles.Count == 0 && options.Headers.Count == 0) ? null : new RequestScope(options.Roles, options.Headers);

    public static RequestScope? Of(ClickHouseInsertOptions? options)
        => options is null || (options.Roles.Count == 0 && options.Headers.Count == 0) ? null : new RequestScope(options.Roles, options.Headers);
}
