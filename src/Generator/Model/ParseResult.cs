using ClickHouse.RowBinary.Generator.Helpers;

namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>
/// What the parser makes of one [ClickHouseRow] type: the model to emit, and the diagnostics, which the pipeline
/// reports through an output of their own so that a diagnostic's location moving with the text does not make
/// the source be emitted again.
/// </summary>
/// <param name="Spec">The model, or null when a diagnostic is an error and no source is emitted.</param>
/// <param name="Diagnostics">What the parser found wrong.</param>
internal sealed record ParseResult(RowTypeSpec? Spec, EquatableArray<DiagnosticInfo> Diagnostics);
