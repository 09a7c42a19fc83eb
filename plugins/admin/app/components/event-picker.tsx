import { useLoad } from './list.tsx';
import { eventCatalogue } from '../event-catalogue.ts';
import { messagesFor, type FieldErrors } from './form.tsx';

/** Events chosen from the catalogue, or every event (`*`). */
export function EventPicker({ value, onValue, errors }: { value: string[]; onValue: (events: string[]) => void; errors: FieldErrors }) {
  const state = useLoad(eventCatalogue, []);
  const all = value.includes('*');
  const toggle = (type: string, on: boolean) => onValue(on ? [...value.filter((t) => t !== type), type] : value.filter((t) => t !== type));
  const messages = messagesFor(errors, 'events');
  return (
    <fieldset class="event-picker" aria-describedby={messages.length ? 'events-error' : undefined}>
      <legend>Events</legend>
      <label>
        <input type="checkbox" checked={all} onChange={(e) => onValue((e.target as HTMLInputElement).checked ? ['*'] : [])} /> Every event, also those added later
      </label>
      {!all && (
        <div class="event-list">
          {(state.data ?? []).map((event) => (
            <label title={event.summary}>
              <input type="checkbox" name="events" value={event.type} checked={value.includes(event.type)} onChange={(e) => toggle(event.type, (e.target as HTMLInputElement).checked)} /> {event.type}
            </label>
          ))}
        </div>
      )}
      {messages.length > 0 && (
        <p class="field-error" id="events-error" data-field-error="events">
          {messages.join(' ')}
        </p>
      )}
    </fieldset>
  );
}
