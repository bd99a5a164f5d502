using System;
using System.Globalization;
using Microsoft.Extensions.Configuration;

namespace ClickHouse.RowBinary.DependencyInjection;

/// <summary>
/// Fills <see cref="ClickHouseClientOptions"/> from a configuration section, property by property: no reflection,
/// so it stays trimming and Native AOT clean. A value that does not parse is an error naming its key, and errors from the
/// client name the section's keys (<see cref="ClickHouseClientOptions.Source"/>).
/// </summary>
internal static class ClickHouseClientOptionsBinder
{
    public static void Bind(IConfiguration section, ClickHouseClientOptions options)
    {
        options.Source = ClickHouseOptionsSource.Configuration(section is IConfigurationSection named ? named.Path : "");
        if (section[nameof(options.Endpoint)] is { Length: > 0 } endpoint)
        {
            options.Endpoint = ParseUri(section, nameof(options.Endpoint), endpoint);
        }
        foreach (IConfigurationSection item in section.GetSection(nameof(options.Endpoints)).GetChildren())
        {
            if (item.Value is { Length: > 0 } value)
            {
                options.Endpoints.Add(ParseUri(item, "", value));
            }
        }
        options.Database = section[nameof(options.Database)] ?? options.Database;
        options.User = section[nameof(options.User)] ?? options.User;
        options.Password = section[nameof(options.Password)] ?? options.Password;
        foreach (IConfigurationSection setting in section.GetSection(nameof(options.Settings)).GetChildren())
        {
            if (setting.Value is { } value)
            {
                options.Settings[setting.Key] = value;
            }
        }
        if (section[nameof(options.RequestCompression)] is { Length: > 0 } request)
        {
            options.RequestCompression = ParseEnum<ClickHouseCompression>(section, nameof(options.RequestCompression), request);
        }
        if (section[nameof(options.ResponseCompression)] is { Length: > 0 } response)
        {
            options.ResponseCompression = ParseEnum<ClickHouseCompression>(section, nameof(options.ResponseCompression), response);
        }
        if (section[nameof(options.WireFormat)] is { Length: > 0 } wireFormat)
        {
            options.WireFormat = ParseEnum<ClickHouseWireFormat>(section, nameof(options.WireFormat), wireFormat);
        }
        if (section[nameof(options.Timeout)] is { Length: > 0 } timeout)
        {
            options.Timeout = TimeSpan.TryParse(timeout, CultureInfo.InvariantCulture, out TimeSpan parsed)
                ? parsed
                : throw Invalid(section, nameof(options.Timeout), timeout, "a TimeSpan such as 00:05:00");
        }
    }

    private static Uri ParseUri(IConfiguration section, string key, string value)
        => Uri.TryCreate(value, UriKind.Absolute, out Uri? uri) ? uri : throw Invalid(section, key, value, "an absolute URL such as http://localhost:8123");

    private static TEnum ParseEnum<TEnum>(IConfiguration section, string key, string value)
        where TEnum : struct, Enum
        => Enum.TryParse(value, ignoreCase: true, out TEnum parsed) && Enum.IsDefined(parsed)
            ? parsed
            : throw Invalid(section, key, value, $"one of {string.Join(", ", Enum.GetNames<TEnum>())}");

    private static InvalidOperationException Invalid(IConfiguration section, string key, string value, string expected)
    {
        string path = section is IConfigurationSection named ? (key.Length == 0 ? named.Path : $"{named.Path}:{key}") : key;
        return new InvalidOperationException($"The configuration value '{value}' at '{path}' is not {expected}.");
    }
}
