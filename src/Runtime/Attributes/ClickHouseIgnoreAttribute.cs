using System;

namespace ClickHouse.RowBinary;

/// <summary>Leaves a member out of the row: it is neither written nor read.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field | AttributeTargets.Parameter, Inherited = false)]
public sealed class ClickHouseIgnoreAttribute : Attribute
{
}
