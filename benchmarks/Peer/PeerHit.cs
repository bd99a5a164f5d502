using System;
using System.Globalization;
using System.Text;
using Driver = ClickHouse.Driver;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>
/// ClickBench's <c>hits</c> row: the 105 columns of its create.sql as ClickHouse resolves them (BIGINT Int64, SMALLINT
/// Int16, INTEGER Int32, TEXT/VARCHAR/CHAR String, TIMESTAMP DateTime, Date), mapped for both clients with the member
/// types a careful ClickHouse.Driver user picks: <see cref="DateTime"/> for Date and DateTime (the driver's own
/// types for them), the exact integer widths, <see cref="string"/>. Ours accepts <see cref="DateTime"/> for Date.
/// </summary>
[ClickHouseRow]
public sealed partial class PeerHit : IPeerRow
{
    [ClickHouseColumn("WatchID")][Driver.ClickHouseColumn(Name = "WatchID")] public long WatchID { get; set; }
    [ClickHouseColumn("JavaEnable")][Driver.ClickHouseColumn(Name = "JavaEnable")] public short JavaEnable { get; set; }
    [ClickHouseColumn("Title")][Driver.ClickHouseColumn(Name = "Title")] public string Title { get; set; } = "";
    [ClickHouseColumn("GoodEvent")][Driver.ClickHouseColumn(Name = "GoodEvent")] public short GoodEvent { get; set; }
    [ClickHouseColumn("EventTime", Type = "DateTime")][Driver.ClickHouseColumn(Name = "EventTime")] public DateTime EventTime { get; set; }
    [ClickHouseColumn("EventDate", Type = "Date")][Driver.ClickHouseColumn(Name = "EventDate")] public DateTime EventDate { get; set; }
    [ClickHouseColumn("CounterID")][Driver.ClickHouseColumn(Name = "CounterID")] public int CounterID { get; set; }
    [ClickHouseColumn("ClientIP")][Driver.ClickHouseColumn(Name = "ClientIP")] public int ClientIP { get; set; }
    [ClickHouseColumn("RegionID")][Driver.ClickHouseColumn(Name = "RegionID")] public int RegionID { get; set; }
    [ClickHouseColumn("UserID")][Driver.ClickHouseColumn(Name = "UserID")] public long UserID { get; set; }
    [ClickHouseColumn("CounterClass")][Driver.ClickHouseColumn(Name = "CounterClass")] public short CounterClass { get; set; }
    [ClickHouseColumn("OS")][Driver.ClickHouseColumn(Name = "OS")] public short OS { get; set; }
    [ClickHouseColumn("UserAgent")][Driver.ClickHouseColumn(Name = "UserAgent")] public short UserAgent { get; set; }
    [ClickHouseColumn("URL")][Driver.ClickHouseColumn(Name = "URL")] public string URL { get; set; } = "";
    [ClickHouseColumn("Referer")][Driver.ClickHouseColumn(Name = "Referer")] public string Referer { get; set; } = "";
    [ClickHouseColumn("IsRefresh")][Driver.ClickHouseColumn(Name = "IsRefresh")] public short IsRefresh { get; set; }
    [ClickHouseColumn("RefererCategoryID")][Driver.ClickHouseColumn(Name = "RefererCategoryID")] public short RefererCategoryID { get; set; }
    [ClickHouseColumn("RefererRegionID")][Driver.ClickHouseColumn(Name = "RefererRegionID")] public int RefererRegionID { get; set; }
    [ClickHouseColumn("URLCategoryID")][Driver.ClickHouseColumn(Name = "URLCategoryID")] public short URLCategoryID { get; set; }
    [ClickHouseColumn("URLRegionID")][Driver.ClickHouseColumn(Name = "URLRegionID")] public int URLRegionID { get; set; }
    [ClickHouseColumn("ResolutionWidth")][Driver.ClickHouseColumn(Name = "ResolutionWidth")] public short ResolutionWidth { get; set; }
    [ClickHouseColumn("ResolutionHeight")][Driver.ClickHouseColumn(Name = "ResolutionHeight")] public short ResolutionHeight { get; set; }
    [ClickHouseColumn("ResolutionDepth")][Driver.ClickHouseColumn(Name = "ResolutionDepth")] public short ResolutionDepth { get; set; }
    [ClickHouseColumn("FlashMajor")][Driver.ClickHouseColumn(Name = "FlashMajor")] public short FlashMajor { get; set; }
    [ClickHouseColumn("FlashMinor")][Driver.ClickHouseColumn(Name = "FlashMinor")] public short FlashMinor { get; set; }
    [ClickHouseColumn("FlashMinor2")][Driver.ClickHouseColumn(Name = "FlashMinor2")] public string FlashMinor2 { get; set; } = "";
    [ClickHouseColumn("NetMajor")][Driver.ClickHouseColumn(Name = "NetMajor")] public short NetMajor { get; set; }
    [ClickHouseColumn("NetMinor")][Driver.ClickHouseColumn(Name = "NetMinor")] public short NetMinor { get; set; }
    [ClickHouseColumn("UserAgentMajor")][Driver.ClickHouseColumn(Name = "UserAgentMajor")] public short UserAgentMajor { get; set; }
    [ClickHouseColumn("UserAgentMinor")][Driver.ClickHouseColumn(Name = "UserAgentMinor")] public string UserAgentMinor { get; set; } = "";
    [ClickHouseColumn("CookieEnable")][Driver.ClickHouseColumn(Name = "CookieEnable")] public short CookieEnable { get; set; }
    [ClickHouseColumn("JavascriptEnable")][Driver.ClickHouseColumn(Name = "JavascriptEnable")] public short JavascriptEnable { get; set; }
    [ClickHouseColumn("IsMobile")][Driver.ClickHouseColumn(Name = "IsMobile")] public short IsMobile { get; set; }
    [ClickHouseColumn("MobilePhone")][Driver.ClickHouseColumn(Name = "MobilePhone")] public short MobilePhone { get; set; }
    [ClickHouseColumn("MobilePhoneModel")][Driver.ClickHouseColumn(Name = "MobilePhoneModel")] public string MobilePhoneModel { get; set; } = "";
    [ClickHouseColumn("Params")][Driver.ClickHouseColumn(Name = "Params")] public string Params { get; set; } = "";
    [ClickHouseColumn("IPNetworkID")][Driver.ClickHouseColumn(Name = "IPNetworkID")] public int IPNetworkID { get; set; }
    [ClickHouseColumn("TraficSourceID")][Driver.ClickHouseColumn(Name = "TraficSourceID")] public short TraficSourceID { get; set; }
    [ClickHouseColumn("SearchEngineID")][Driver.ClickHouseColumn(Name = "SearchEngineID")] public short SearchEngineID { get; set; }
    [ClickHouseColumn("SearchPhrase")][Driver.ClickHouseColumn(Name = "SearchPhrase")] public string SearchPhrase { get; set; } = "";
    [ClickHouseColumn("AdvEngineID")][Driver.ClickHouseColumn(Name = "AdvEngineID")] public short AdvEngineID { get; set; }
    [ClickHouseColumn("IsArtifical")][Driver.ClickHouseColumn(Name = "IsArtifical")] public short IsArtifical { get; set; }
    [ClickHouseColumn("WindowClientWidth")][Driver.ClickHouseColumn(Name = "WindowClientWidth")] public short WindowClientWidth { get; set; }
    [ClickHouseColumn("WindowClientHeight")][Driver.ClickHouseColumn(Name = "WindowClientHeight")] public short WindowClientHeight { get; set; }
    [ClickHouseColumn("ClientTimeZone")][Driver.ClickHouseColumn(Name = "ClientTimeZone")] public short ClientTimeZone { get; set; }
    [ClickHouseColumn("ClientEventTime", Type = "DateTime")][Driver.ClickHouseColumn(Name = "ClientEventTime")] public DateTime ClientEventTime { get; set; }
    [ClickHouseColumn("SilverlightVersion1")][Driver.ClickHouseColumn(Name = "SilverlightVersion1")] public short SilverlightVersion1 { get; set; }
    [ClickHouseColumn("SilverlightVersion2")][Driver.ClickHouseColumn(Name = "SilverlightVersion2")] public short SilverlightVersion2 { get; set; }
    [ClickHouseColumn("SilverlightVersion3")][Driver.ClickHouseColumn(Name = "SilverlightVersion3")] public int SilverlightVersion3 { get; set; }
    [ClickHouseColumn("SilverlightVersion4")][Driver.ClickHouseColumn(Name = "SilverlightVersion4")] public short SilverlightVersion4 { get; set; }
    [ClickHouseColumn("PageCharset")][Driver.ClickHouseColumn(Name = "PageCharset")] public string PageCharset { get; set; } = "";
    [ClickHouseColumn("CodeVersion")][Driver.ClickHouseColumn(Name = "CodeVersion")] public int CodeVersion { get; set; }
    [ClickHouseColumn("IsLink")][Driver.ClickHouseColumn(Name = "IsLink")] public short IsLink { get; set; }
    [ClickHouseColumn("IsDownload")][Driver.ClickHouseColumn(Name = "IsDownload")] public short IsDownload { get; set; }
    [ClickHouseColumn("IsNotBounce")][Driver.ClickHouseColumn(Name = "IsNotBounce")] public short IsNotBounce { get; set; }
    [ClickHouseColumn("FUniqID")][Driver.ClickHouseColumn(Name = "FUniqID")] public long FUniqID { get; set; }
    [ClickHouseColumn("OriginalURL")][Driver.ClickHouseColumn(Name = "OriginalURL")] public string OriginalURL { get; set; } = "";
    [ClickHouseColumn("HID")][Driver.ClickHouseColumn(Name = "HID")] public int HID { get; set; }
    [ClickHouseColumn("IsOldCounter")][Driver.ClickHouseColumn(Name = "IsOldCounter")] public short IsOldCounter { get; set; }
    [ClickHouseColumn("IsEvent")][Driver.ClickHouseColumn(Name = "IsEvent")] public short IsEvent { get; set; }
    [ClickHouseColumn("IsParameter")][Driver.ClickHouseColumn(Name = "IsParameter")] public short IsParameter { get; set; }
    [ClickHouseColumn("DontCountHits")][Driver.ClickHouseColumn(Name = "DontCountHits")] public short DontCountHits { get; set; }
    [ClickHouseColumn("WithHash")][Driver.ClickHouseColumn(Name = "WithHash")] public short WithHash { get; set; }
    [ClickHouseColumn("HitColor")][Driver.ClickHouseColumn(Name = "HitColor")] public string HitColor { get; set; } = "";
    [ClickHouseColumn("LocalEventTime", Type = "DateTime")][Driver.ClickHouseColumn(Name = "LocalEventTime")] public DateTime LocalEventTime { get; set; }
    [ClickHouseColumn("Age")][Driver.ClickHouseColumn(Name = "Age")] public short Age { get; set; }
    [ClickHouseColumn("Sex")][Driver.ClickHouseColumn(Name = "Sex")] public short Sex { get; set; }
    [ClickHouseColumn("Income")][Driver.ClickHouseColumn(Name = "Income")] public short Income { get; set; }
    [ClickHouseColumn("Interests")][Driver.ClickHouseColumn(Name = "Interests")] public short Interests { get; set; }
    [ClickHouseColumn("Robotness")][Driver.ClickHouseColumn(Name = "Robotness")] public short Robotness { get; set; }
    [ClickHouseColumn("RemoteIP")][Driver.ClickHouseColumn(Name = "RemoteIP")] public int RemoteIP { get; set; }
    [ClickHouseColumn("WindowName")][Driver.ClickHouseColumn(Name = "WindowName")] public int WindowName { get; set; }
    [ClickHouseColumn("OpenerName")][Driver.ClickHouseColumn(Name = "OpenerName")] public int OpenerName { get; set; }
    [ClickHouseColumn("HistoryLength")][Driver.ClickHouseColumn(Name = "HistoryLength")] public short HistoryLength { get; set; }
    [ClickHouseColumn("BrowserLanguage")][Driver.ClickHouseColumn(Name = "BrowserLanguage")] public string BrowserLanguage { get; set; } = "";
    [ClickHouseColumn("BrowserCountry")][Driver.ClickHouseColumn(Name = "BrowserCountry")] public string BrowserCountry { get; set; } = "";
    [ClickHouseColumn("SocialNetwork")][Driver.ClickHouseColumn(Name = "SocialNetwork")] public string SocialNetwork { get; set; } = "";
    [ClickHouseColumn("SocialAction")][Driver.ClickHouseColumn(Name = "SocialAction")] public string SocialAction { get; set; } = "";
    [ClickHouseColumn("HTTPError")][Driver.ClickHouseColumn(Name = "HTTPError")] public short HTTPError { get; set; }
    [ClickHouseColumn("SendTiming")][Driver.ClickHouseColumn(Name = "SendTiming")] public int SendTiming { get; set; }
    [ClickHouseColumn("DNSTiming")][Driver.ClickHouseColumn(Name = "DNSTiming")] public int DNSTiming { get; set; }
    [ClickHouseColumn("ConnectTiming")][Driver.ClickHouseColumn(Name = "ConnectTiming")] public int ConnectTiming { get; set; }
    [ClickHouseColumn("ResponseStartTiming")][Driver.ClickHouseColumn(Name = "ResponseStartTiming")] public int ResponseStartTiming { get; set; }
    [ClickHouseColumn("ResponseEndTiming")][Driver.ClickHouseColumn(Name = "ResponseEndTiming")] public int ResponseEndTiming { get; set; }
    [ClickHouseColumn("FetchTiming")][Driver.ClickHouseColumn(Name = "FetchTiming")] public int FetchTiming { get; set; }
    [ClickHouseColumn("SocialSourceNetworkID")][Driver.ClickHouseColumn(Name = "SocialSourceNetworkID")] public short SocialSourceNetworkID { get; set; }
    [ClickHouseColumn("SocialSourcePage")][Driver.ClickHouseColumn(Name = "SocialSourcePage")] public string SocialSourcePage { get; set; } = "";
    [ClickHouseColumn("ParamPrice")][Driver.ClickHouseColumn(Name = "ParamPrice")] public long ParamPrice { get; set; }
    [ClickHouseColumn("ParamOrderID")][Driver.ClickHouseColumn(Name = "ParamOrderID")] public string ParamOrderID { get; set; } = "";
    [ClickHouseColumn("ParamCurrency")][Driver.ClickHouseColumn(Name = "ParamCurrency")] public string ParamCurrency { get; set; } = "";
    [ClickHouseColumn("ParamCurrencyID")][Driver.ClickHouseColumn(Name = "ParamCurrencyID")] public short ParamCurrencyID { get; set; }
    [ClickHouseColumn("OpenstatServiceName")][Driver.ClickHouseColumn(Name = "OpenstatServiceName")] public string OpenstatServiceName { get; set; } = "";
    [ClickHouseColumn("OpenstatCampaignID")][Driver.ClickHouseColumn(Name = "OpenstatCampaignID")] public string OpenstatCampaignID { get; set; } = "";
    [ClickHouseColumn("OpenstatAdID")][Driver.ClickHouseColumn(Name = "OpenstatAdID")] public string OpenstatAdID { get; set; } = "";
    [ClickHouseColumn("OpenstatSourceID")][Driver.ClickHouseColumn(Name = "OpenstatSourceID")] public string OpenstatSourceID { get; set; } = "";
    [ClickHouseColumn("UTMSource")][Driver.ClickHouseColumn(Name = "UTMSource")] public string UTMSource { get; set; } = "";
    [ClickHouseColumn("UTMMedium")][Driver.ClickHouseColumn(Name = "UTMMedium")] public string UTMMedium { get; set; } = "";
    [ClickHouseColumn("UTMCampaign")][Driver.ClickHouseColumn(Name = "UTMCampaign")] public string UTMCampaign { get; set; } = "";
    [ClickHouseColumn("UTMContent")][Driver.ClickHouseColumn(Name = "UTMContent")] public string UTMContent { get; set; } = "";
    [ClickHouseColumn("UTMTerm")][Driver.ClickHouseColumn(Name = "UTMTerm")] public string UTMTerm { get; set; } = "";
    [ClickHouseColumn("FromTag")][Driver.ClickHouseColumn(Name = "FromTag")] public string FromTag { get; set; } = "";
    [ClickHouseColumn("HasGCLID")][Driver.ClickHouseColumn(Name = "HasGCLID")] public short HasGCLID { get; set; }
    [ClickHouseColumn("RefererHash")][Driver.ClickHouseColumn(Name = "RefererHash")] public long RefererHash { get; set; }
    [ClickHouseColumn("URLHash")][Driver.ClickHouseColumn(Name = "URLHash")] public long URLHash { get; set; }
    [ClickHouseColumn("CLID")][Driver.ClickHouseColumn(Name = "CLID")] public int CLID { get; set; }

    public string Describe()
    {
        var text = new StringBuilder(1024);
        text.Append(WatchID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(JavaEnable.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(Title).Append('|');
        text.Append(GoodEvent.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(EventTime.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture)).Append('|');
        text.Append(EventDate.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture)).Append('|');
        text.Append(CounterID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(ClientIP.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(RegionID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(UserID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(CounterClass.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(OS.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(UserAgent.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(URL).Append('|');
        text.Append(Referer).Append('|');
        text.Append(IsRefresh.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(RefererCategoryID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(RefererRegionID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(URLCategoryID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(URLRegionID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(ResolutionWidth.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(ResolutionHeight.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(ResolutionDepth.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(FlashMajor.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(FlashMinor.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(FlashMinor2).Append('|');
        text.Append(NetMajor.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(NetMinor.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(UserAgentMajor.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(UserAgentMinor).Append('|');
        text.Append(CookieEnable.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(JavascriptEnable.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(IsMobile.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(MobilePhone.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(MobilePhoneModel).Append('|');
        text.Append(Params).Append('|');
        text.Append(IPNetworkID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(TraficSourceID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(SearchEngineID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(SearchPhrase).Append('|');
        text.Append(AdvEngineID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(IsArtifical.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(WindowClientWidth.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(WindowClientHeight.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(ClientTimeZone.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(ClientEventTime.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture)).Append('|');
        text.Append(SilverlightVersion1.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(SilverlightVersion2.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(SilverlightVersion3.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(SilverlightVersion4.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(PageCharset).Append('|');
        text.Append(CodeVersion.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(IsLink.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(IsDownload.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(IsNotBounce.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(FUniqID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(OriginalURL).Append('|');
        text.Append(HID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(IsOldCounter.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(IsEvent.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(IsParameter.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(DontCountHits.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(WithHash.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(HitColor).Append('|');
        text.Append(LocalEventTime.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture)).Append('|');
        text.Append(Age.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(Sex.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(Income.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(Interests.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(Robotness.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(RemoteIP.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(WindowName.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(OpenerName.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(HistoryLength.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(BrowserLanguage).Append('|');
        text.Append(BrowserCountry).Append('|');
        text.Append(SocialNetwork).Append('|');
        text.Append(SocialAction).Append('|');
        text.Append(HTTPError.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(SendTiming.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(DNSTiming.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(ConnectTiming.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(ResponseStartTiming.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(ResponseEndTiming.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(FetchTiming.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(SocialSourceNetworkID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(SocialSourcePage).Append('|');
        text.Append(ParamPrice.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(ParamOrderID).Append('|');
        text.Append(ParamCurrency).Append('|');
        text.Append(ParamCurrencyID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(OpenstatServiceName).Append('|');
        text.Append(OpenstatCampaignID).Append('|');
        text.Append(OpenstatAdID).Append('|');
        text.Append(OpenstatSourceID).Append('|');
        text.Append(UTMSource).Append('|');
        text.Append(UTMMedium).Append('|');
        text.Append(UTMCampaign).Append('|');
        text.Append(UTMContent).Append('|');
        text.Append(UTMTerm).Append('|');
        text.Append(FromTag).Append('|');
        text.Append(HasGCLID.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(RefererHash.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(URLHash.ToString(CultureInfo.InvariantCulture)).Append('|');
        text.Append(CLID.ToString(CultureInfo.InvariantCulture)).Append('|');
        return text.ToString();
    }
}
