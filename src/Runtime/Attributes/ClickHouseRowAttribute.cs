using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// Marks a partial class, record, struct or record struct for which the source generator emits a
/// compile-time RowBinary reader and writer.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, Inherited = false)]
public sealed class ClickHouseRowAttribute : Attribute
{
}
