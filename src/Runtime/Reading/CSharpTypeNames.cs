using System;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>Type names as C# code writes them (<c>long</c>, <c>string[]</c>, <c>DateTime?</c>), for messages.</summary>
internal static class CSharpTypeNames
{
    public static string Of(Type type)
    {
        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Of(underlying) + "?";
        }
        if (type.IsArray)
        {
            return Of(type.GetElementType()!) + "[]";
        }
        string? keyword = Keyword(type);
        if (keyword is not null)
        {
            return keyword;
        }
        if (!type.IsGenericType)
        {
            return type.Name;
        }
        var name = new StringBuilder();
        Type[] arguments = type.GetGenericArguments();
        if (type.FullName?.StartsWith("System.ValueTuple`", StringComparison.Ordinal) == true)
        {
            name.Append('(');
            AppendList(name, arguments);
            return name.Append(')').ToString();
        }
        name.Append(type.Name.AsSpan(0, type.Name.IndexOf('`', StringComparison.Ordinal))).Append('<');
        AppendList(name, arguments);
        return name.Append('>').ToString();
    }

    private static void AppendList(StringBuilder name, Type[] types)
    {
        for (int i = 0; i < types.Length; i++)
        {
            name.Append(i == 0 ? "" : ", ").Append(Of(types[i]));
        }
    }

    private static string? Keyword(Type type)
        => type == typeof(sbyte) ? "sbyte"
            : type == typeof(byte) ? "byte"
            : type == typeof(short) ? "short"
            : type == typeof(ushort) ? "ushort"
            : type == typeof(int) ? "int"
            : type == typeof(uint) ? "uint"
            : type == typeof(long) ? "long"
            : type == typeof(ulong) ? "ulong"
            : type == typeof(float) ? "float"
            : type == typeof(double) ? "double"
            : type == typeof(decimal) ? "decimal"
            : type == typeof(bool) ? "bool"
            : type == typeof(string) ? "string"
            : type == typeof(object) ? "object"
            : null;
}
