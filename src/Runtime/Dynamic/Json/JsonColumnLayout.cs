using System;
using System.Collections.Generic;
using System.Text;
using System.Text.Json;
using System.Text.RegularExpressions;

namespace ClickHouse.RowBinary;

/// <summary>
/// What a JSON type declares about its paths: the typed paths (in the byte order ClickHouse writes them), the
/// skipped paths and patterns, and the type of objects nested in its arrays. One instance per JSON type.
/// </summary>
internal sealed class JsonColumnLayout
{
    /// <summary>JSON types come from the wire inside Dynamic values: a bounded cache (see <see cref="BoundedCache{TKey, TValue}"/>).</summary>
    private static readonly BoundedCache<ClickHouseType, JsonColumnLayout> s_layouts = new(1024);

    private readonly Dictionary<string, ClickHouseType> _typedByPath = new(StringComparer.Ordinal);
    private readonly string[] _skipPaths;
    /// <summary>Built on the first match (<see cref="JsonSkipRegex"/>): reading a value of the type needs none.</summary>
    private Regex[]? _skipRegexps;

    private JsonColumnLayout(ClickHouseType type)
    {
        Type = type;
        foreach (KeyValuePair<string, ClickHouseType> path in type.JsonTypedPaths)
        {
            _typedByPath[path.Key] = path.Value;
        }
        // ClickHouse keeps typed paths in a hash map filled in declaration order; the canonical type lists them sorted.
        var typedInsertionOrder = new List<string>(type.JsonTypedPaths.Count);
        foreach (KeyValuePair<string, ClickHouseType> path in type.JsonTypedPaths)
        {
            typedInsertionOrder.Add(path.Key);
        }
        List<string> typedOrder = UnorderedMapOrder.Order(typedInsertionOrder);
        TypedPaths = new KeyValuePair<string, ClickHouseType>[typedOrder.Count];
        for (int i = 0; i < typedOrder.Count; i++)
        {
            TypedPaths[i] = new KeyValuePair<string, ClickHouseType>(typedOrder[i], _typedByPath[typedOrder[i]]);
        }
        MaxDynamicPaths = type.MaxDynamicPaths ?? BinaryTypeIndex.DefaultJsonMaxDynamicPaths;
        _skipPaths = [.. type.JsonSkipPaths];
        NestedObjectType = JsonShape.NestedObjectType(type);
    }

    public ClickHouseType Type { get; }

    /// <summary>The typed paths in the order ClickHouse writes them (its hash map's order).</summary>
    public KeyValuePair<string, ClickHouseType>[] TypedPaths { get; }

    /// <summary>How many paths ClickHouse keeps as separate dynamic paths; it keeps the rest, sorted, in shared data.</summary>
    public int MaxDynamicPaths { get; }

    /// <summary>The type of objects in arrays under this JSON type.</summary>
    public ClickHouseType NestedObjectType { get; }

    public static JsonColumnLayout For(ClickHouseType type)
    {
        if (type.Kind != ClickHouseTypeKind.Json)
        {
            throw new ArgumentException($"{type} is not a JSON type.", nameof(type));
        }
        return s_layouts.GetOrAdd(type, static t => new JsonColumnLayout(t));
    }

    public bool TryGetTypedPath(string path, out ClickHouseType type) => _typedByPath.TryGetValue(path, out type!);

    public bool IsSkipped(string path)
    {
        foreach (string skip in _skipPaths)
        {
            if (path.StartsWith(skip, StringComparison.Ordinal) && (path.Length == skip.Length || path[skip.Length] == '.'))
            {
                return true;
            }
        }
        foreach (Regex regex in _skipRegexps ??= SkipRegexps(Type))
        {
            if (regex.IsMatch(path))
            {
                return true;
            }
        }
        return false;
    }

    /// <summary>The matchers of the type's checked patterns: without backtracking, in time linear in the path.</summary>
    /// <exception cref="RowBinaryException">A pattern uses a construct that cannot be matched in linear time (a backreference, a lookaround, ...).</exception>
    private static Regex[] SkipRegexps(ClickHouseType type)
    {
        var regexps = new Regex[type.JsonSkipRegexps.Count];
        for (int i = 0; i < regexps.Length; i++)
        {
            string pattern = type.JsonSkipRegexps[i];
            try
            {
                regexps[i] = new Regex(pattern, RegexOptions.CultureInvariant | RegexOptions.NonBacktracking);
            }
            catch (NotSupportedException e)
            {
                throw new RowBinaryException($"The JSON SKIP REGEXP '{pattern}' of {type} uses a construct that cannot be matched in linear time: {e.Message}",
                    clickHouseType: type.ToString());
            }
        }
        return regexps;
    }

    /// <summary>
    /// The position at which ClickHouse writes each dynamic path of a JSON column whose objects brought the paths
    /// in <paramref name="firstAppearance"/> order: the first <see cref="MaxDynamicPaths"/> in the order of its hash map,
    /// then the rest (its shared data) sorted byte by byte.
    /// </summary>
    public Dictionary<string, int> PathPositions(List<string> firstAppearance)
    {
        int dynamicCount = Math.Min(firstAppearance.Count, MaxDynamicPaths);
        List<string> ordered = UnorderedMapOrder.Order(firstAppearance.GetRange(0, dynamicCount));
        if (dynamicCount < firstAppearance.Count)
        {
            List<string> shared = firstAppearance.GetRange(dynamicCount, firstAppearance.Count - dynamicCount);
            shared.Sort(static (a, b) => Encoding.UTF8.GetBytes(a).AsSpan().SequenceCompareTo(Encoding.UTF8.GetBytes(b)));
            ordered.AddRange(shared);
        }
        var positions = new Dictionary<string, int>(ordered.Count, StringComparer.Ordinal);
        for (int i = 0; i < ordered.Count; i++)
        {
            positions[ordered[i]] = i;
        }
        return positions;
    }

    /// <summary>
    /// The leaves of a JSON object as dotted paths, in document order: nested objects flatten, nulls and empty
    /// objects are left out, typed paths stay whole. A key twice in one object, or a path reached twice
    /// (<c>{"a.b": 1, "a": {"b": 2}}</c>), is an error, as in ClickHouse.
    /// </summary>
    public List<KeyValuePair<string, JsonElement>> Flatten(JsonElement root)
    {
        if (root.ValueKind != JsonValueKind.Object)
        {
            throw new RowBinaryException($"A {Type} value must be a JSON object; found {root.ValueKind}.", clickHouseType: Type.ToString());
        }
        var leaves = new List<KeyValuePair<string, JsonElement>>();
        var paths = new HashSet<string>(StringComparer.Ordinal);
        Flatten(root, null, leaves, paths);
        return leaves;
    }

    private void Flatten(JsonElement element, string? prefix, List<KeyValuePair<string, JsonElement>> leaves, HashSet<string> paths)
    {
        var keys = new HashSet<string>(StringComparer.Ordinal);
        foreach (JsonProperty property in element.EnumerateObject())
        {
            string path = prefix is null ? property.Name : prefix + "." + property.Name;
            if (!keys.Add(property.Name))
            {
                throw DuplicatePath(path);
            }
            if (IsSkipped(path))
            {
                continue;
            }
            JsonElement value = property.Value;
            if (_typedByPath.ContainsKey(path))
            {
                if (!paths.Add(path))
                {
                    throw DuplicatePath(path);
                }
                leaves.Add(new KeyValuePair<string, JsonElement>(path, value));
                continue;
            }
            switch (value.ValueKind)
            {
                case JsonValueKind.Null:
                    break;
                case JsonValueKind.Object:
                    Flatten(value, path, leaves, paths);
                    break;
                default:
                    if (!paths.Add(path))
                    {
                        throw DuplicatePath(path);
                    }
                    leaves.Add(new KeyValuePair<string, JsonElement>(path, value));
                    break;
            }
        }
    }

    private RowBinaryException DuplicatePath(string path)
        => new($"The JSON object has the path '{path}' more than once; ClickHouse rejects duplicate paths in a {Type} value.", clickHouseType: Type.ToString());
}
