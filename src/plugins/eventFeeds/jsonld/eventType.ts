import type { Event } from '../../../payload-types'

/** The schema.org Event types a performing-arts event can be, beyond plain `Event`. */
export type ArtsEventType =
  'TheaterEvent' | 'MusicEvent' | 'DanceEvent' | 'ComedyEvent' | 'ScreeningEvent' | 'Event'

/**
 * Words a box office files an event under, per type, first match wins. Comedy and dance come
 * before theatre: "comedy theatre" and "dance theatre" are those arts, housed in a theatre.
 * Opera is music to schema.org (Google lists it with concerts).
 */
const typeWords: readonly (readonly [ArtsEventType, RegExp])[] = [
  ['ComedyEvent', /\b(comedy|comedie|comédie|stand-?up|cabaret|kleinkunst)\b/i],
  ['DanceEvent', /\b(dance|dans|danse|tanz|ballet|ballett)\b/i],
  ['ScreeningEvent', /\b(film|films|cinema|screening|movie|bioscoop)\b/i],
  [
    'MusicEvent',
    /\b(music|muziek|musique|musik|concert|concerts|opera|gig|recital|jazz|orchestra|orkest)\b/i,
  ],
  ['TheaterEvent', /\b(theatre|theater|théâtre|toneel|play|drama|musical|musicals)\b/i],
]

/**
 * How an event's kind is known: the categories its box office files it under (Line-Up's event
 * type, category and tags, Tessitura's keywords), which the ticketing sync keeps on the event.
 * The CMS has no genre field of its own; an event with none of those words is a plain `Event`.
 */
export const eventTypeOf = (event: Pick<Event, 'lineup' | 'tessitura'>): ArtsEventType => {
  const words = [
    event.lineup?.eventType,
    event.lineup?.eventCategory,
    event.lineup?.tags,
    event.tessitura?.keywords,
  ]
    .filter((word): word is string => typeof word === 'string')
    .join(' ')
  return typeWords.find(([, pattern]) => pattern.test(words))?.[0] ?? 'Event'
}
