// An item's facts in words, for the detail and the spotlight: where a photo was taken and with
// what camera. Parts the item does not have are left out; nothing known gives null.

/** "Zermatt, Switzerland": the location's name, else its city and country. */
export function placeName(location) {
  if (!location) return null;
  const parts = location.name ? [location.name] : [location.city, location.country].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** "Canon EOS R5": the model, after the make unless the model already names it. */
export function cameraName(camera) {
  if (!camera) return null;
  const { make, model } = camera;
  if (make && model && model.toLowerCase().startsWith(make.toLowerCase())) return model;
  return [make, model].filter(Boolean).join(' ') || null;
}

/** The camera and its settings: "Canon EOS R5, 50.0 mm · ƒ/2.8 · 1/250 s · ISO 100". */
export function cameraSettings(camera) {
  if (!camera) return null;
  const exposure = [
    camera.focal_length && `${camera.focal_length} mm`, camera.aperture && `ƒ/${camera.aperture}`,
    camera.exposure_time && `${camera.exposure_time} s`, camera.iso && `ISO ${camera.iso}`,
  ].filter(Boolean).join(' · ');
  return [cameraName(camera), exposure].filter(Boolean).join(', ') || null;
}
