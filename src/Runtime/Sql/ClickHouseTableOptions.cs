using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// The parts of a <c>CREATE TABLE</c> that a row type cannot know: the engine and its keys. They are SQL written by the
/// application (expressions, not names), never values from users.
/// </summary>
public sealed class ClickHouseTableOptions
{
    /// <summary>The database of the table; unqualified when null.</summary>
    public string? Database { get; set; }

    /// <summary>Add <c>IF NOT EXISTS</c>. Default false.</summary>
    public bool IfNotExists { get; set; }

    /// <summary>The engine with its arguments, e.g. <c>MergeTree</c> (the default), <c>ReplacingMergeTree(version)</c>, <c>Memory</c>.</summary>
    public string Engine { get; set; } = "MergeTree";

    /// <summary>The <c>ORDER BY</c> expression, e.g. <c>(day, page_url)</c>. MergeTree engines need one: <c>tuple()</c> when null.</summary>
    public string? OrderBy { get; set; }

    /// <summary>The <c>PARTITION BY</c> expression, e.g. <c>toYYYYMM(day)</c>; none when null.</summary>
    public string? PartitionBy { get; set; }

    /// <summary>The <c>PRIMARY KEY</c> expression when it differs from the sorting key; none when null.</summary>
    public string? PrimaryKey { get; set; }

    /// <summary>Table settings, e.g. <c>index_granularity</c> = <c>8192</c>.</summary>
    public IDictionary<string, string> Settings { get; } = new Dictionary<string, string>(StringComparer.Ordinal);
}
