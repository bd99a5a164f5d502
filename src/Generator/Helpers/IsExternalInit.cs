// netstandard2.0 lacks the marker type that lets records and init accessors compile.
namespace System.Runtime.CompilerServices;

internal static class IsExternalInit
{
}
