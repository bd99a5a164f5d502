using System.Collections.Generic;
using System.Globalization;
using System.Linq;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>
/// ClickBench's <c>hits</c> table (its create.sql, as ClickHouse resolves the types) and the query that makes its
/// data in the oracle: deterministic values from <c>cityHash64(number, column)</c>, with the real data's mix of
/// strings. Ten String columns hold a different value in almost every row (URL, Title, Referer...: URLs, Cyrillic
/// titles, search phrases); the other eighteen hold one of a few values, mostly empty. The every-string-distinct
/// variant gives all 28 String columns a value per row.
/// </summary>
public static class PeerHits
{
    /// <summary>The 105 columns in create.sql's order, with the types ClickHouse gives them.</summary>
    public static readonly IReadOnlyList<(string Name, string Type)> Columns =
    [
        ("WatchID", "Int64"),
        ("JavaEnable", "Int16"),
        ("Title", "String"),
        ("GoodEvent", "Int16"),
        ("EventTime", "DateTime"),
        ("EventDate", "Date"),
        ("CounterID", "Int32"),
        ("ClientIP", "Int32"),
        ("RegionID", "Int32"),
        ("UserID", "Int64"),
        ("CounterClass", "Int16"),
        ("OS", "Int16"),
        ("UserAgent", "Int16"),
        ("URL", "String"),
        ("Referer", "String"),
        ("IsRefresh", "Int16"),
        ("RefererCategoryID", "Int16"),
        ("RefererRegionID", "Int32"),
        ("URLCategoryID", "Int16"),
        ("URLRegionID", "Int32"),
        ("ResolutionWidth", "Int16"),
        ("ResolutionHeight", "Int16"),
        ("ResolutionDepth", "Int16"),
        ("FlashMajor", "Int16"),
        ("FlashMinor", "Int16"),
        ("FlashMinor2", "String"),
        ("NetMajor", "Int16"),
        ("NetMinor", "Int16"),
        ("UserAgentMajor", "Int16"),
        ("UserAgentMinor", "String"),
        ("CookieEnable", "Int16"),
        ("JavascriptEnable", "Int16"),
        ("IsMobile", "Int16"),
        ("MobilePhone", "Int16"),
        ("MobilePhoneModel", "String"),
        ("Params", "String"),
        ("IPNetworkID", "Int32"),
        ("TraficSourceID", "Int16"),
        ("SearchEngineID", "Int16"),
        ("SearchPhrase", "String"),
        ("AdvEngineID", "Int16"),
        ("IsArtifical", "Int16"),
        ("WindowClientWidth", "Int16"),
        ("WindowClientHeight", "Int16"),
        ("ClientTimeZone", "Int16"),
        ("ClientEventTime", "DateTime"),
        ("SilverlightVersion1", "Int16"),
        ("SilverlightVersion2", "Int16"),
        ("SilverlightVersion3", "Int32"),
        ("SilverlightVersion4", "Int16"),
        ("PageCharset", "String"),
        ("CodeVersion", "Int32"),
        ("IsLink", "Int16"),
        ("IsDownload", "Int16"),
        ("IsNotBounce", "Int16"),
        ("FUniqID", "Int64"),
        ("OriginalURL", "String"),
        ("HID", "Int32"),
        ("IsOldCounter", "Int16"),
        ("IsEvent", "Int16"),
        ("IsParameter", "Int16"),
        ("DontCountHits", "Int16"),
        ("WithHash", "Int16"),
        ("HitColor", "String"),
        ("LocalEventTime", "DateTime"),
        ("Age", "Int16"),
        ("Sex", "Int16"),
        ("Income", "Int16"),
        ("Interests", "Int16"),
        ("Robotness", "Int16"),
        ("RemoteIP", "Int32"),
        ("WindowName", "Int32"),
        ("OpenerName", "Int32"),
        ("HistoryLength", "Int16"),
        ("BrowserLanguage", "String"),
        ("BrowserCountry", "String"),
        ("SocialNetwork", "String"),
        ("SocialAction", "String"),
        ("HTTPError", "Int16"),
        ("SendTiming", "Int32"),
        ("DNSTiming", "Int32"),
        ("ConnectTiming", "Int32"),
        ("ResponseStartTiming", "Int32"),
        ("ResponseEndTiming", "Int32"),
        ("FetchTiming", "Int32"),
        ("SocialSourceNetworkID", "Int16"),
        ("SocialSourcePage", "String"),
        ("ParamPrice", "Int64"),
        ("ParamOrderID", "String"),
        ("ParamCurrency", "String"),
        ("ParamCurrencyID", "Int16"),
        ("OpenstatServiceName", "String"),
        ("OpenstatCampaignID", "String"),
        ("OpenstatAdID", "String"),
        ("OpenstatSourceID", "String"),
        ("UTMSource", "String"),
        ("UTMMedium", "String"),
        ("UTMCampaign", "String"),
        ("UTMContent", "String"),
        ("UTMTerm", "String"),
        ("FromTag", "String"),
        ("HasGCLID", "Int16"),
        ("RefererHash", "Int64"),
        ("URLHash", "Int64"),
        ("CLID", "Int32"),
    ];

    /// <summary>The String columns whose values rarely repeat in the real data.</summary>
    private static readonly HashSet<string> ManyValued =
        ["Title", "URL", "Referer", "OriginalURL", "SearchPhrase", "Params", "SocialSourcePage", "ParamOrderID", "OpenstatAdID", "UTMTerm"];

    /// <summary>The few values of the other String columns (empty where the list has no entry: most rows).</summary>
    private static readonly Dictionary<string, string[]> FewValues = new()
    {
        ["FlashMinor2"] = ["", "", "0", "1", "5"],
        ["UserAgentMinor"] = ["0", "1", "2", "D0", "8"],
        ["MobilePhoneModel"] = ["", "", "", "iPad", "iPhone"],
        ["PageCharset"] = ["utf-8", "windows-1251", ""],
        ["HitColor"] = ["5", "E", "F"],
        ["BrowserLanguage"] = ["ru", "en", "uk", "tr", ""],
        ["BrowserCountry"] = ["ru", "ua", "by", "kz", "tr"],
        ["ParamCurrency"] = ["", "", "", "RUB", "USD"],
        ["UTMSource"] = ["", "", "", "", "yandex"],
        ["UTMMedium"] = ["", "", "", "", "cpc"],
    };

    /// <summary>The SELECT that makes <paramref name="rows"/> rows; <paramref name="everyStringDistinct"/> gives every String column a value per row.</summary>
    public static string Sql(int rows, bool everyStringDistinct)
    {
        IEnumerable<string> columns = Columns.Select((column, index) => $"{Value(column.Name, column.Type, index + 1, everyStringDistinct)} AS {column.Name}");
        return $"SELECT {string.Join(",\n  ", columns)}\nFROM numbers({rows.ToString(CultureInfo.InvariantCulture)})";
    }

    private static string Value(string name, string type, int seed, bool everyStringDistinct)
    {
        string hash = $"cityHash64(number, {seed.ToString(CultureInfo.InvariantCulture)})";
        return type switch
        {
            "Int64" => $"toInt64({hash})",
            "Int32" => $"toInt32({hash} % 100000)",
            "Int16" => $"toInt16({hash} % 10)",
            "Date" => $"toDate('2013-07-01') + toUInt16({hash} % 31)",
            "DateTime" => $"toDateTime(1372636800 + {hash} % 2678400)",
            _ when ManyValued.Contains(name) => name switch
            {
                "Title" => $"concat(['Новости дня', 'Погода в Москве', 'Купить автомобиль', 'Смотреть онлайн бесплатно', 'Яндекс.Карты', 'Auto.ru: продажа машин'][1 + {hash} % 6], ' — ', toString(number), ' ', repeat('подробнее ', {hash} % 4))",
                "URL" or "Referer" or "OriginalURL" => $"concat('http://', ['yandex.ru', 'mail.ru', 'auto.ru', 'kinopoisk.ru', 'avito.ru', 'livejournal.com'][1 + {hash} % 6], '/', ['news', 'catalog', 'search', 'item', 'video'][1 + intDiv({hash}, 7) % 5], '/', toString({hash}), '?page=', toString(number % 50))",
                "SearchPhrase" => $"if({hash} % 3 = 0, concat(['как', 'где купить', 'смотреть', 'скачать'][1 + {hash} % 4], ' ', toString(number)), '')",
                _ => $"concat('{name.ToLowerInvariant()}=', hex({hash}))",
            },
            _ when everyStringDistinct => $"concat('{name.ToLowerInvariant()}-', toString({hash} % 1000000000))",
            _ when FewValues.TryGetValue(name, out string[]? values) => $"[{string.Join(", ", values.Select(v => $"'{v}'"))}][1 + {hash} % {values.Length.ToString(CultureInfo.InvariantCulture)}]",
            _ => $"if({hash} % 20 = 0, '{name.ToLowerInvariant()}', '')",
        };
    }
}
