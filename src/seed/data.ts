/** The demo organisations: a repertory theatre and a summer festival, with a season each. */
export type SeedTenant = {
  slug: string
  name: string
  /** Where its performances happen: their titles and partner answers are in its local time. */
  timeZone: string
  colour: string
  editor: string
  venues: { title: string; city: string; address: string }[]
  people: string[]
  organizations: string[]
  works: string[]
  season: string
  series: string
  events: {
    title: string
    work?: number
    venue: number
    /** Part of the tenant's series too. */
    inSeries?: boolean
    firstDate: string
    performances: number
    price: number
    /** A draft, scheduled to publish this many days after seeding. */
    announceInDays?: number
  }[]
  blogs: string[]
}

export const seedTenants: SeedTenant[] = [
  {
    slug: 'harbour-theatre',
    name: 'Harbour Theatre',
    timeZone: 'Europe/London',
    colour: '#7a1f3d',
    editor: 'editor@harbour-theatre.example',
    venues: [
      { title: 'Main House', city: 'Bristol', address: '1 Quay Street' },
      { title: 'The Studio', city: 'Bristol', address: '3 Quay Street' },
    ],
    people: ['Ada Okafor', 'Tomás Reyes', 'Mei Lin'],
    organizations: ['Harbour Theatre Company', 'Quayside Players'],
    works: ['Hamlet', 'The Seagull', 'A Doll’s House'],
    season: 'Season 2026/27',
    series: 'Late Night Studio',
    events: [
      {
        title: 'Hamlet',
        work: 0,
        venue: 0,
        firstDate: '2027-02-04T19:30:00Z',
        performances: 4,
        price: 32,
      },
      {
        title: 'The Seagull',
        work: 1,
        venue: 0,
        firstDate: '2027-03-11T19:30:00Z',
        performances: 3,
        price: 28,
      },
      {
        title: 'A Doll’s House',
        work: 2,
        venue: 1,
        inSeries: true,
        firstDate: '2027-04-08T20:00:00Z',
        performances: 3,
        price: 22,
      },
      {
        title: 'Open Stage Night',
        venue: 1,
        inSeries: true,
        firstDate: '2027-02-20T21:30:00Z',
        performances: 2,
        price: 8,
        announceInDays: 7,
      },
    ],
    blogs: ['Rehearsal diary: week one', 'Building the storm'],
  },
  {
    slug: 'northern-lights-festival',
    name: 'Northern Lights Festival',
    timeZone: 'Europe/Oslo',
    colour: '#1f4f7a',
    editor: 'editor@northern-lights.example',
    venues: [
      { title: 'Festival Tent', city: 'Tromsø', address: 'Storgata 1' },
      { title: 'Cathedral', city: 'Tromsø', address: 'Kirkegata 2' },
    ],
    people: ['Ingrid Dahl', 'Samuel Achebe', 'Lea Novak'],
    organizations: ['Arctic Philharmonic', 'Aurora Dance'],
    works: ['The Four Seasons', 'Aurora', 'Midnight Sun Suite'],
    season: 'Festival 2027',
    series: 'Cathedral Concerts',
    events: [
      {
        title: 'The Four Seasons',
        work: 0,
        venue: 1,
        inSeries: true,
        firstDate: '2027-01-22T18:00:00Z',
        performances: 2,
        price: 45,
      },
      {
        title: 'Aurora',
        work: 1,
        venue: 0,
        firstDate: '2027-01-23T20:00:00Z',
        performances: 3,
        price: 35,
      },
      {
        title: 'Midnight Sun Suite',
        work: 2,
        venue: 1,
        inSeries: true,
        firstDate: '2027-01-25T22:00:00Z',
        performances: 2,
        price: 40,
      },
      {
        title: 'Family Day',
        venue: 0,
        firstDate: '2027-01-24T11:00:00Z',
        performances: 3,
        price: 10,
      },
    ],
    blogs: ['Welcome to the festival', 'Five things to see'],
  },
]
