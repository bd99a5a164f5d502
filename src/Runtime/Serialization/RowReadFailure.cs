using System;

namespace ClickHouse.RowBinary;

/// <summary>A value that could not be read: the exception, the schema index of its column and the byte offset reached.</summary>
internal sealed record RowReadFailure(Exception Exception, int Column, long Offset);
