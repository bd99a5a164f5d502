using System.Collections.Generic;
using System.Text.Json;

namespace ClickHouse.RowBinary;

/// <summary>
/// A JSON object on its way into a JSON column value inside an array, with the position of every path among all
/// its sibling objects' paths: ClickHouse stores the objects of one array in one column and writes every object's
/// paths in that column's order.
/// </summary>
internal sealed record JsonObjectValue(JsonElement Element, Dictionary<string, int>? PathPositions);
