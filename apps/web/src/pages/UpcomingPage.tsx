import { EventsPage } from '../live/TileList';
import '../styles/live.css';

/** UPCOMING (`/upcoming`): the events still to come, soonest first, with their start times (`catalogue.events`, `state=UPCOMING`). */
export default function UpcomingPage() {
  return <EventsPage state="UPCOMING" titleKey="upcomingTitle" emptyKey="upcomingEmpty" />;
}
