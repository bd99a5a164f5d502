using System;
using ClickHouse.RowBinary;

[ClickHouseRow]
public partial record struct GlobalPoint(int X, int Y);

namespace Samples.Layouts
{
    public partial class Outer
    {
        public partial class Inner
        {
            /// <summary>Nested in partial types, with a parameterized constructor and keyword-named members.</summary>
            [ClickHouseRow]
            public partial class Reading
            {
                public Reading(int @class, string label)
                {
                    this.@class = @class;
                    Label = label;
                }

                [ClickHouseColumn("class")]
                public int @class { get; }

                public string Label { get; }

                [ClickHouseColumn("note", UseServerDefault = true)]
                public string? Note { get; set; }

                [ClickHouseColumn("seen", UseServerDefault = true)]
                public DateTime Seen { get; set; }

                public int Count;
            }
        }
    }

    /// <summary>A positional record whose attributes stand on the parameters.</summary>
    [ClickHouseRow]
    public readonly partial record struct Sample([ClickHouseColumn("v")] double Value, [ClickHouseIgnore] string? Cache = null)
    {
        [ClickHouseColumn("w", UseServerDefault = true)]
        public int[] Weights { get; init; } = [];
    }
}

namespace Samples.Layouts.Inheritance
{
    public abstract class Entity
    {
        public Guid Id { get; init; }

        public virtual string Name { get; set; } = "";
    }

    /// <summary>Members of the base class come first; an override stays in the base member's place.</summary>
    [ClickHouseRow]
    public sealed partial class Customer : Entity
    {
        [System.Diagnostics.CodeAnalysis.SetsRequiredMembers]
        public Customer(string email)
        {
            Email = email;
            Secret = "";
        }

        public Customer()
        {
        }

        public override string Name { get; set; } = "";

        public required string Email { get; init; }

        [ClickHouseIgnore]
        public required string Secret { get; init; }
    }
}
