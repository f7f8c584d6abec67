/**
 * A faker locale overlay with common Irish first names, surnames, towns and street names. faker's en_IE locale has
 * addresses and phone formats but falls back to generic English names; this layer goes in front of it.
 */
import type { LocaleDefinition } from "@faker-js/faker";

const female = [
  "Aoife", "Ciara", "Niamh", "Siobhán", "Sinéad", "Orla", "Róisín", "Gráinne", "Áine", "Saoirse", "Clodagh", "Caoimhe",
  "Emer", "Aisling", "Deirdre", "Méabh", "Éabha", "Nuala", "Úna", "Muireann", "Sarah", "Emma", "Rachel", "Laura",
  "Katie", "Mary", "Anne", "Catherine", "Fiona", "Louise", "Sorcha", "Ailbhe", "Orlaith", "Eimear", "Bríd", "Maeve",
];
const male = [
  "Seán", "Conor", "Cian", "Darragh", "Oisín", "Eoin", "Ciarán", "Pádraig", "Colm", "Donal", "Fionn", "Cathal",
  "Diarmuid", "Niall", "Ronan", "Tadhg", "Liam", "Declan", "Shane", "Kevin", "Brian", "Michael", "John", "Patrick",
  "Eamon", "Fergal", "Rory", "Killian", "Aidan", "Brendan", "Gearóid", "Dara", "Odhrán", "Senan", "Lorcan", "Mark",
];
const surnames = [
  "Murphy", "Kelly", "O'Sullivan", "Walsh", "Smith", "O'Brien", "Byrne", "Ryan", "O'Connor", "O'Neill", "O'Reilly",
  "Doyle", "McCarthy", "Gallagher", "O'Doherty", "Kennedy", "Lynch", "Murray", "Quinn", "Moore", "McLoughlin",
  "O'Carroll", "Connolly", "Daly", "O'Connell", "Wilson", "Dunne", "Brennan", "Burke", "Collins", "Campbell",
  "Clarke", "Johnston", "Hughes", "Farrell", "Fitzgerald", "Brown", "Martin", "Maguire", "Nolan", "Flynn",
  "Thompson", "Callaghan", "O'Donnell", "Duffy", "Mahony", "Boyle", "Healy", "Shea", "White", "Sweeney", "Hayes",
  "Kavanagh", "Power", "McGrath", "Moran", "Brady", "Stewart", "Casey", "Foley", "Fitzpatrick", "Leary", "McDonnell",
  "MacMahon", "Donnelly", "Regan", "Donovan", "Burns", "Flanagan", "Mullan", "Barry", "Kane", "Robinson",
  "Cunningham", "Griffin", "Kenny", "Sheehan", "Ward", "Whelan", "Lyons", "Reid", "Graham", "Higgins", "Cullen",
  "Keane", "King", "Maher", "McKenna", "Bell", "Scott", "Hogan", "Keeffe", "Magee", "McNamara", "McDonald", "Hurley",
];
const towns = [
  "Dublin", "Cork", "Galway", "Limerick", "Waterford", "Drogheda", "Dundalk", "Swords", "Bray", "Navan", "Kilkenny",
  "Ennis", "Carlow", "Tralee", "Newbridge", "Portlaoise", "Balbriggan", "Naas", "Athlone", "Mullingar", "Celbridge",
  "Wexford", "Letterkenny", "Sligo", "Greystones", "Clonmel", "Malahide", "Carrigaline", "Leixlip", "Tullamore",
];
const streets = [
  "Main Street", "Church Street", "Bridge Street", "Castle Street", "Mill Road", "Green Road", "Strand Road",
  "O'Connell Street", "Patrick Street", "Parnell Square", "Abbey Street", "Dominick Street", "Shop Street",
  "Quay Street", "College Road", "Station Road", "Convent Road", "Ballymun Road", "Grange Road", "Orchard Lane",
  "Rathmines Road", "Friar Street", "Emmet Road", "Davitt Road", "Pearse Street", "Market Square", "Fair Green",
];

export const irishOverlay: LocaleDefinition = {
  person: {
    first_name: { female, male, generic: [...female, ...male] },
    last_name: { generic: surnames },
    last_name_pattern: { generic: [{ value: "{{person.last_name.generic}}", weight: 1 }] },
  },
  location: {
    city_name: towns,
    city_pattern: ["{{location.city_name}}"],
    street_name: streets,
    street_pattern: ["{{location.street_name}}"],
  },
};
