'use client'
import { useAllFormFields, useFormProcessing, useFormSubmitted } from '@payloadcms/ui'
import type { FormState } from 'payload'
import { useEffect, useRef } from 'react'

type FieldErrors = Array<{ path: string; message: string }>
type Held = { errors: FieldErrors; values: string }

const valuesOf = (fields: FormState): string =>
  JSON.stringify(Object.entries(fields).map(([path, field]) => [path, field.value ?? null]))

const errorsOf = (fields: FormState): FieldErrors =>
  Object.entries(fields).flatMap(([path, field]) =>
    field.valid === false && typeof field.errorMessage === 'string'
      ? [{ path, message: field.errorMessage }]
      : [],
  )

/**
 * Keeps the errors a refused save put beside its fields until the editor changes a value or
 * saves again. Payload's form asks the server for a fresh form state while a save is under way
 * and after it; that answer validates only the fields' own `validate` functions (or nothing,
 * when it was asked before the save failed) and marks every other field valid, wiping what a
 * hook's `ValidationError` said (payloadcms/payload#14858). The save's answer is the truth for
 * the values it was given, so it holds while those values do.
 */
export const KeepServerErrors = () => {
  const [fields, dispatchFields] = useAllFormFields()
  const submitted = useFormSubmitted()
  const processing = useFormProcessing()
  /** A save ran and ended, and nothing has changed since: its errors are the ones to keep. */
  const afterSave = useRef(false)
  const held = useRef<Held | null>(null)

  useEffect(() => {
    if (processing) {
      afterSave.current = true
      held.current = null
      return
    }
    if (!submitted || !afterSave.current) {
      held.current = null
      return
    }
    const values = valuesOf(fields)
    if (held.current && held.current.values !== values) {
      held.current = null
      afterSave.current = false
      return
    }
    if (!held.current) {
      // The save's errors may arrive a render after it ends (the form stops processing before
      // it reads the answer): the first render that shows them after the save is what to keep.
      const errors = errorsOf(fields)
      if (errors.length > 0) held.current = { errors, values }
      return
    }
    const wiped = held.current.errors.filter(({ path }) => fields[path]?.valid !== false)
    if (wiped.length > 0) dispatchFields({ type: 'ADD_SERVER_ERRORS', errors: wiped })
  }, [fields, submitted, processing, dispatchFields])

  return null
}
