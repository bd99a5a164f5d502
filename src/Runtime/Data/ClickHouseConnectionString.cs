using System;
using System.Collections;
using System.Data.Common;
using System.Globalization;

namespace ClickHouse.RowBinary;

/// <summary>
/// ADO.NET connection strings: <c>Endpoint=http://host:8123;User=...;Password=...;Database=...;Timeout=300</c>, or
/// ClickHouse.Driver's <c>Host</c>, <c>Port</c>, <c>Protocol</c> and <c>Username</c> for the endpoint and user. Keys are
/// case-insensitive; an unknown key is an error naming it.
/// </summary>
internal static class ClickHouseConnectionString
{
    public static ClickHouseClientOptions Parse(string connectionString)
    {
        var builder = new DbConnectionStringBuilder { ConnectionString = connectionString };
        var options = new ClickHouseClientOptions();
        string? host = null;
        string protocol = "http";
        int? port = null;
        foreach (DictionaryEntry entry in (IDictionary)builder)
        {
            string key = (string)entry.Key;
            string value = Convert.ToString(entry.Value, CultureInfo.InvariantCulture) ?? "";
            switch (key.ToLowerInvariant())
            {
                case "endpoint":
                case "url":
                    options.Endpoint = Uri.TryCreate(value, UriKind.Absolute, out Uri? endpoint) && (endpoint.Scheme == Uri.UriSchemeHttp || endpoint.Scheme == Uri.UriSchemeHttps)
                        ? endpoint
                        : throw new ArgumentException($"The connection string's {key} '{value}' is not an absolute http:// or https:// URL.", nameof(connectionString));
                    break;
                case "host":
                    host = value;
                    break;
                case "port":
                    port = int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out int number) && number is > 0 and < 65536
                        ? number
                        : throw new ArgumentException($"The connection string's Port '{value}' is not a port number.", nameof(connectionString));
                    break;
                case "protocol":
                    protocol = value.ToLowerInvariant() is "http" or "https" ? value.ToLowerInvariant()
                        : throw new ArgumentException($"The connection string's Protocol '{value}' is neither http nor https.", nameof(connectionString));
                    break;
                case "user":
                case "username":
                    options.User = value;
                    break;
                case "password":
                    options.Password = value;
                    break;
                case "database":
                    options.Database = value.Length == 0 ? null : value;
                    break;
                case "timeout":
                    options.Timeout = int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out int seconds) && seconds > 0
                        ? TimeSpan.FromSeconds(seconds)
                        : throw new ArgumentException($"The connection string's Timeout '{value}' is not a positive number of seconds.", nameof(connectionString));
                    break;
                default:
                    throw new ArgumentException(
                        $"The connection string has the key '{key}', which ClickHouse.RowBinary does not know; it knows Endpoint (or Host, Port, Protocol), User, Password, Database and Timeout.",
                        nameof(connectionString));
            }
        }
        if (host is not null)
        {
            options.Endpoint = new UriBuilder(protocol, host, port ?? (protocol == "https" ? 8443 : 8123)).Uri;
        }
        return options;
    }

    /// <summary>The connection string of a client's options, without the password.</summary>
    public static string Format(Uri endpoint, string? user, string? database)
    {
        var builder = new DbConnectionStringBuilder { ["Endpoint"] = endpoint.ToString() };
        if (user is not null)
        {
            builder["User"] = user;
        }
        if (database is not null)
        {
            builder["Database"] = database;
        }
        return builder.ConnectionString;
    }
}
