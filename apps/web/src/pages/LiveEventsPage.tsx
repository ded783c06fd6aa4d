import { EventsPage } from '../live/TileList';
import '../styles/live.css';

/** LIVE_EVENTS (`/livenow`): the events live now on the platform's clock (`catalogue.events`, `state=LIVE`), as a grid. */
export default function LiveEventsPage() {
  return <EventsPage state="LIVE" titleKey="liveNowTitle" emptyKey="liveNowEmpty" />;
}
