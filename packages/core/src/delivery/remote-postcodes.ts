/**
 * Postcode data of the delivery zones (SPEC 9: "Remote postcodes (Scottish Highlands and
 * islands, Northern Ireland, Channel Islands, Isle of Man, Republic of Ireland and others) take
 * 3-5 days with extra carriage"). Read by delivery-zones.ts; nothing else decides a zone.
 *
 * Source and intent: UK parcel carriers publish "Highlands and Islands" / "offshore" surcharge
 * lists by postcode district, and they differ at the edges. This list follows the common core of
 * them (DPD's Highlands and offshore list as published for shipping rules, with the islands that
 * Parcelforce and Royal Mail's carriers surcharge): every district beyond the Highland line and
 * every island off the coast, but not the Aberdeen, Perth, Dundee or Glasgow hinterland. It is
 * the shop's decision, kept here as data so a change of carrier is an edit of this file (and its
 * test, delivery-zones.test.ts, which names every area and the districts either side of each line).
 *
 * Not remote (decided): the Isle of Wight (PO30-41) and Anglesey (LL58-78) are served next day
 * by the mainland carriers; G83 (Arrochar is only one sector of it) stays mainland; BFPO is not
 * a postcode the address form accepts.
 */
import type { DeliveryZone } from '@shop/contract';

/** Inclusive ranges of district numbers of one postcode area ("PH" 19-26 is PH19 ... PH26). */
export type DistrictRanges = readonly (readonly [from: number, to: number])[];

export interface RemotePostcodeArea {
  /** The letters of the postcode area, e.g. "PH". */
  area: string;
  /** 'all' for the whole area, else the remote districts (the rest of the area is mainland). */
  districts: 'all' | DistrictRanges;
  zone: Exclude<DeliveryZone, 'mainland' | 'republic-of-ireland'>;
  /** Where it is, for people reading the list. */
  places: string;
}

export const REMOTE_POSTCODE_AREAS: readonly RemotePostcodeArea[] = [
  // Scottish Highlands and islands.
  { area: 'HS', districts: 'all', zone: 'highlands-and-islands', places: 'Outer Hebrides (Western Isles)' },
  { area: 'IV', districts: 'all', zone: 'highlands-and-islands', places: 'Inverness, Moray Firth, Wester Ross, Skye (IV41-56)' },
  { area: 'KW', districts: 'all', zone: 'highlands-and-islands', places: 'Caithness, north Sutherland, Orkney (KW15-17)' },
  { area: 'ZE', districts: 'all', zone: 'highlands-and-islands', places: 'Shetland' },
  {
    area: 'AB',
    districts: [
      [36, 38],
      [44, 56],
    ],
    zone: 'highlands-and-islands',
    places: 'Strathdon, Ballindalloch, Aberlour (AB36-38); Macduff, Banff, Inverurie, Insch, Turriff, Huntly, Keith, Buckie (AB44-56). AB10-35, AB39-43 (Aberdeen, Deeside to Ballater, Ellon, Peterhead) are mainland',
  },
  {
    area: 'FK',
    districts: [[17, 21]],
    zone: 'highlands-and-islands',
    places: 'Callander hills, Lochearnhead, Crianlarich, Killin, Tyndrum (FK17-21); FK1-16 (Falkirk, Stirling) are mainland',
  },
  { area: 'KA', districts: [[27, 28]], zone: 'highlands-and-islands', places: 'Isle of Arran (KA27), Great Cumbrae (KA28); KA1-26, KA29-30 (Ayrshire) are mainland' },
  {
    area: 'PA',
    districts: [[20, 78]],
    zone: 'highlands-and-islands',
    places: 'Bute, Cowal, Argyll, Kintyre, Oban, Islay, Jura, Mull, Iona, Coll, Tiree (PA20-78); PA1-19 (Paisley, Renfrewshire, Inverclyde) are mainland',
  },
  {
    area: 'PH',
    districts: [
      [19, 26],
      [30, 44],
      [49, 50],
    ],
    zone: 'highlands-and-islands',
    places: 'Dalwhinnie to Grantown-on-Spey (PH19-26), Lochaber, Fort William, Mallaig, the Small Isles (PH30-44), Ballachulish, Kinlochleven (PH49-50); PH1-18 (Perth to Blair Atholl) are mainland',
  },
  // Northern Ireland.
  { area: 'BT', districts: 'all', zone: 'northern-ireland', places: 'Northern Ireland' },
  // Isles of Scilly.
  { area: 'TR', districts: [[21, 25]], zone: 'isles-of-scilly', places: 'St Mary\'s, Tresco, St Martin\'s, St Agnes, Bryher (TR21-25); TR1-20, TR26-27 (Cornwall) are mainland' },
  // Channel Islands.
  { area: 'GY', districts: 'all', zone: 'channel-islands', places: 'Guernsey, Alderney, Sark' },
  { area: 'JE', districts: 'all', zone: 'channel-islands', places: 'Jersey' },
  // Isle of Man.
  { area: 'IM', districts: 'all', zone: 'isle-of-man', places: 'Isle of Man' },
];

/**
 * The 124 postcode areas in use: the 121 of the United Kingdom and the three of the Crown
 * dependencies (GY, IM, JE). A postcode of any other area (QQ1 1QQ parses, but does not exist)
 * is not an address we can deliver to.
 */
export const UK_POSTCODE_AREAS: ReadonlySet<string> = new Set(
  (
    'AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC EH EN EX ' +
    'FK FY G GL GU GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE LL LN LS LU M ME MK ML N NE ' +
    'NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ST SW SY TA TD TF TN TQ ' +
    'TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE'
  ).split(' '),
);

/**
 * An Eircode (Republic of Ireland): a routing key (a letter and two digits, or D6W) and a
 * four-character unique identifier, from the letters and digits Eircodes use, e.g. "D02 X285".
 * Its shape never matches a UK postcode (whose inward code is a digit and two letters).
 */
export const EIRCODE_PATTERN = /^([AC-FHKNPRTV-Y]\d{2}|D6W)([0-9AC-FHKNPRTV-Y]{4})$/;
