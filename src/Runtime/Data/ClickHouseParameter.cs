using System;
using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;

namespace ClickHouse.RowBinary;

/// <summary>
/// A value for a server-side parameter of a <see cref="ClickHouseCommand"/>: the SQL names it as <c>{name:Type}</c>, or
/// as <c>@name</c>, which the command turns into <c>{name:Type}</c> with the type given here
/// (<see cref="ClickHouseType"/>) or implied by the value. The value is sent as a <c>param_name</c> URL parameter,
/// never spliced into the SQL.
/// </summary>
public sealed class ClickHouseParameter : DbParameter
{
    private string _name = "";
    private DbType _dbType = DbType.Object;

    public ClickHouseParameter()
    {
    }

    /// <param name="name">The name, with or without a leading <c>@</c>.</param>
    /// <param name="value">The value; null or <see cref="DBNull.Value"/> for NULL.</param>
    /// <param name="clickHouseType">The ClickHouse type the value travels as, e.g. <c>DateTime64(3)</c>; implied by the value when null.</param>
    public ClickHouseParameter(string name, object? value, string? clickHouseType = null)
    {
        ParameterName = name;
        Value = value;
        ClickHouseType = clickHouseType;
    }

    /// <summary>The name, without the <c>@</c> it may have been given with.</summary>
    [AllowNull]
    public override string ParameterName
    {
        get => _name;
        set => _name = value is null ? "" : value.StartsWith('@') || value.StartsWith(':') ? value[1..] : value;
    }

    /// <summary>
    /// The ClickHouse type for an <c>@name</c> placeholder, e.g. <c>UInt64</c> or <c>Array(String)</c>. When null, the
    /// type follows from the value (<c>long</c> is Int64, <c>string</c> String, a <c>DateTime</c> DateTime or
    /// DateTime64(7, 'UTC'), ...; see docs/adonet.md). A value that does not fit the type given is an error naming the
    /// parameter before the query is sent.
    /// </summary>
    public string? ClickHouseType { get; set; }

    public override object? Value { get; set; }

    /// <summary>The type for a NULL value when <see cref="ClickHouseType"/> is not given; otherwise the value decides.</summary>
    public override DbType DbType
    {
        get => _dbType;
        set
        {
            _dbType = value;
            HasDbType = true;
        }
    }

    internal bool HasDbType { get; private set; }

    /// <summary>Only input parameters: ClickHouse has no output parameters.</summary>
    public override ParameterDirection Direction
    {
        get => ParameterDirection.Input;
        set
        {
            if (value != ParameterDirection.Input)
            {
                throw new NotSupportedException($"ClickHouse has only input parameters; {value} is not supported.");
            }
        }
    }

    public override bool IsNullable { get; set; }

    /// <summary>Not used: a value is sent whole.</summary>
    public override int Size { get; set; }

    [AllowNull]
    public override string SourceColumn { get; set; } = "";

    public override bool SourceColumnNullMapping { get; set; }

    public override void ResetDbType()
    {
        _dbType = DbType.Object;
        HasDbType = false;
    }
}
