using System;
using System.Linq;

namespace ClickHouse.RowBinary;

/// <summary>
/// Where a <see cref="ClickHouseClientOptions"/> was read from, so that an error names the setting to change where the
/// user set it: <c>ClickHouseClientOptions.User</c> in code, <c>CLICKHOUSE_USER</c> in the environment, the key
/// <c>ClickHouse:User</c> in a configuration section.
/// </summary>
public sealed class ClickHouseOptionsSource
{
    private readonly string? _section;
    private readonly bool _environment;

    private ClickHouseOptionsSource(string? section, bool environment)
    {
        _section = section;
        _environment = environment;
    }

    /// <summary>Options set in code: errors name the <see cref="ClickHouseClientOptions"/> properties.</summary>
    public static ClickHouseOptionsSource Code { get; } = new(null, environment: false);

    /// <summary>Options from <see cref="ClickHouseClientOptions.FromEnvironment"/>: errors name the <c>CLICKHOUSE_*</c> variables.</summary>
    public static ClickHouseOptionsSource Environment { get; } = new(null, environment: true);

    /// <summary>Options bound from a configuration section: errors name its keys, e.g. <c>ClickHouse:Password</c>.</summary>
    /// <param name="sectionPath">The section's path, e.g. <c>ClickHouse</c>; empty for the configuration's root.</param>
    public static ClickHouseOptionsSource Configuration(string sectionPath)
    {
        ArgumentNullException.ThrowIfNull(sectionPath);
        return new ClickHouseOptionsSource(sectionPath, environment: false);
    }

    /// <summary>How the options are named where they came from, e.g. <c>the configuration section 'ClickHouse'</c>.</summary>
    public override string ToString()
        => _environment ? "the environment" : _section is null ? "code" : $"the configuration section '{_section}'";

    /// <summary>
    /// The settings that set these <see cref="ClickHouseClientOptions"/> properties, for a message: <c>the environment
    /// variables CLICKHOUSE_USER and CLICKHOUSE_PASSWORD</c>. A property the environment cannot set is named as in code.
    /// </summary>
    internal string Name(params string[] options)
    {
        if (_environment && options.All(option => EnvironmentVariable(option) is not null))
        {
            return (options.Length == 1 ? "the environment variable " : "the environment variables ")
                + And(options.Select(option => EnvironmentVariable(option)!));
        }
        if (_section is not null)
        {
            return (options.Length == 1 ? "the configuration key " : "the configuration keys ")
                + And(options.Select(option => _section.Length == 0 ? option : $"{_section}:{option}"));
        }
        return And(options.Select(option => $"{nameof(ClickHouseClientOptions)}.{option}"));
    }

    private static string? EnvironmentVariable(string option) => option switch
    {
        nameof(ClickHouseClientOptions.Endpoint) or nameof(ClickHouseClientOptions.Endpoints) => "CLICKHOUSE_URL",
        nameof(ClickHouseClientOptions.User) => "CLICKHOUSE_USER",
        nameof(ClickHouseClientOptions.Password) => "CLICKHOUSE_PASSWORD",
        nameof(ClickHouseClientOptions.Database) => "CLICKHOUSE_DATABASE",
        _ => null,
    };

    private static string And(System.Collections.Generic.IEnumerable<string> names)
    {
        string[] all = [.. names];
        return all.Length == 1 ? all[0] : string.Join(", ", all[..^1]) + " and " + all[^1];
    }
}
