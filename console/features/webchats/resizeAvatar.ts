import { WEBCHAT_LIMITS } from '../../../shared/defaults.js';

/**
 * An uploaded image as the avatar data URL: at most 256 px on its longest side, JPEG at quality
 * 0.7 (spec part 2 §5, §9). Resolves null when the browser has no 2D canvas: that is only logged
 * ('Canvas not supported'), as the spec says.
 */
export async function resizeAvatar(file: Blob): Promise<string | null> {
  const image = await loadImage(file);
  const scale = Math.min(1, WEBCHAT_LIMITS.avatarMaxPx / Math.max(image.width, image.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.width * scale));
  canvas.height = Math.max(1, Math.round(image.height * scale));
  const context = canvas.getContext('2d');
  if (!context) {
    console.error('Canvas not supported');
    return null;
  }
  // JPEG has no transparency: transparent pixels would turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', WEBCHAT_LIMITS.avatarJpegQuality);
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The file is not an image the browser can read'));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}
