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
  const wasProcessing = useRef(false)
  const held = useRef<Held | null>(null)

  useEffect(() => {
    const saveEnded = wasProcessing.current && !processing
    wasProcessing.current = processing
    if (processing || !submitted) {
      held.current = null
      return
    }
    // The render that ends a refused save carries its errors: those are the ones to keep.
    if (saveEnded) {
      const errors = errorsOf(fields)
      held.current = errors.length > 0 ? { errors, values: valuesOf(fields) } : null
      return
    }
    if (!held.current) return
    if (held.current.values !== valuesOf(fields)) {
      held.current = null
      return
    }
    const wiped = held.current.errors.filter(({ path }) => fields[path]?.valid !== false)
    if (wiped.length > 0) dispatchFields({ type: 'ADD_SERVER_ERRORS', errors: wiped })
  }, [fields, submitted, processing, dispatchFields])

  return null
}
