using System;
using ClickHouse.RowBinary.Tool;

return await ScaffoldCommand.RunAsync(args, Console.Out, Console.Error);
