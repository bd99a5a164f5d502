using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Attributes;

namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>
/// Runs every suite's <see cref="IVerifiedSuite.Verify"/> once, at the smoke row count and outside any timing,
/// with each parameter value the suite declares for smoke runs.
/// </summary>
public static class SuiteVerifier
{
    /// <summary>Verifies the suites; prints one line each and returns false when any fails.</summary>
    public static bool VerifyAll(IEnumerable<Type> suites)
    {
        BenchmarkMode mode = BenchmarkScale.Mode;
        BenchmarkScale.Mode = BenchmarkMode.Smoke; // parameter sources give their smoke values
        bool allPassed = true;
        try
        {
            foreach (Type suite in suites.Where(typeof(IVerifiedSuite).IsAssignableFrom))
            {
                foreach (IVerifiedSuite instance in CreateInstances(suite))
                {
                    allPassed &= VerifyOne(instance);
                }
            }
        }
        finally
        {
            BenchmarkScale.Mode = mode;
        }
        return allPassed;
    }

    private static bool VerifyOne(IVerifiedSuite instance)
    {
        string name = Describe(instance);
        var clock = Stopwatch.StartNew();
        try
        {
            instance.Verify();
            Console.WriteLine($"// verified {name} in {clock.ElapsedMilliseconds} ms");
            return true;
        }
        catch (Exception e)
        {
            Console.Error.WriteLine($"// VERIFICATION FAILED: {name}: {e}");
            return false;
        }
    }

    /// <summary>One instance per combination of the values of the suite's <c>[ParamsSource]</c> properties.</summary>
    private static IEnumerable<IVerifiedSuite> CreateInstances(Type suite)
    {
        var parameters = suite.GetProperties()
            .Select(p => (Property: p, Source: p.GetCustomAttribute<ParamsSourceAttribute>()))
            .Where(p => p.Source is not null)
            .Select(p => (p.Property, Values: ((System.Collections.IEnumerable)suite.GetMethod(p.Source!.Name)!.Invoke(null, null)!).Cast<object>().ToArray()))
            .ToArray();
        IEnumerable<object[]> combinations = [[]];
        foreach (var (_, values) in parameters)
        {
            combinations = combinations.SelectMany(c => values.Select(v => c.Append(v).ToArray()));
        }
        foreach (object[] combination in combinations)
        {
            var instance = (IVerifiedSuite)Activator.CreateInstance(suite)!;
            for (int i = 0; i < parameters.Length; i++)
            {
                parameters[i].Property.SetValue(instance, combination[i]);
            }
            yield return instance;
        }
    }

    private static string Describe(IVerifiedSuite instance)
    {
        Type type = instance.GetType();
        var values = type.GetProperties()
            .Where(p => p.GetCustomAttribute<ParamsSourceAttribute>() is not null)
            .Select(p => $"{p.Name}={p.GetValue(instance)}");
        return $"{type.Name}({string.Join(", ", values)})";
    }
}
