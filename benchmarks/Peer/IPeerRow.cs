namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>A row both clients can read and write, with a text form to compare what each read.</summary>
public interface IPeerRow
{
    /// <summary>Every value, culture-invariant: two rows read alike give the same text.</summary>
    string Describe();
}
