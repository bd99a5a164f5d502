using System.Collections.Generic;
using System.Text;
using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    private const int MaxSingleLineLength = 100;

    /// <summary>
    /// The expression that creates a row from its field values: <c>new T(arguments) { Member = value }</c>, on one
    /// line when it is short, else one argument or member per line.
    /// </summary>
    private static string Construct(RowShape row, IReadOnlyList<string> values)
    {
        ConstructionSpec construction = row.Construction;
        var arguments = new List<string>();
        foreach (ConstructorArgumentSpec argument in construction.Arguments)
        {
            string value = values[argument.FieldIndex];
            arguments.Add(construction.UseNamedArguments ? $"{Identifier(argument.ParameterName)}: {value}" : value);
        }
        var initializers = new List<string>();
        foreach (int fieldIndex in construction.InitializedFields)
        {
            initializers.Add($"{Identifier(row.Fields[fieldIndex].MemberName)} = {values[fieldIndex]}");
        }

        string head = "new " + row.TypeName;
        string singleLine = head
            + (arguments.Count > 0 || initializers.Count == 0 ? "(" + string.Join(", ", arguments) + ")" : "")
            + (initializers.Count > 0 ? " { " + string.Join(", ", initializers) + " }" : "");
        if (singleLine.Length <= MaxSingleLineLength)
        {
            return singleLine;
        }

        var text = new StringBuilder(head);
        string argumentList = "(" + string.Join(", ", arguments) + ")";
        if (arguments.Count > 0 && head.Length + argumentList.Length <= MaxSingleLineLength)
        {
            text.Append(argumentList);
        }
        else if (arguments.Count > 0)
        {
            text.Append("(\n");
            for (int i = 0; i < arguments.Count; i++)
            {
                text.Append("    ").Append(arguments[i]).Append(i < arguments.Count - 1 ? ",\n" : ")");
            }
        }
        if (initializers.Count > 0)
        {
            text.Append("\n{\n");
            foreach (string initializer in initializers)
            {
                text.Append("    ").Append(initializer).Append(",\n");
            }
            text.Append('}');
        }
        return text.ToString();
    }
}
