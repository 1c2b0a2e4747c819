/** The Leaflet map of the Global Reach section (lazily loaded: Leaflet needs the browser). */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import { Flag } from '../../components/Flag';
import { SITE } from '../../site-config';
import { MAP_VIEW, REACH_LOCATIONS } from './content';
import markerIcon2x from './marker/marker-icon-2x.png';
import markerIcon from './marker/marker-icon.png';
import markerShadow from './marker/marker-shadow.png';

// Leaflet 1.9.4's default marker picture, kept in ./marker with Leaflet's licence, and
// bundled, never fetched from a CDN.
const MARKER_ICON = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

export default function GlobalReachMap() {
  return (
    <MapContainer
      className="global-reach__leaflet"
      center={MAP_VIEW.center}
      zoom={MAP_VIEW.zoom}
      scrollWheelZoom={false}
      style={{ height: MAP_VIEW.heightPx }}
    >
      <TileLayer url={SITE.mapTileUrl} attribution={SITE.mapAttribution} />
      {REACH_LOCATIONS.map(({ country, code, focus, position }) => (
        <Marker key={code} position={[position[0], position[1]]} icon={MARKER_ICON} title={country} alt={country}>
          <Popup>
            <div className="reach-popup">
              <Flag code={code} className="reach-popup__flag" />
              <p className="reach-popup__country">{country}</p>
              <p className="reach-popup__focus">{focus}</p>
            </div>
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
