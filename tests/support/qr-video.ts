import fs from 'node:fs'
import QRCode from 'qrcode'

const WIDTH = 640
const HEIGHT = 480

/**
 * Writes a one-frame Y4M video of a QR code of `text`, black on white, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`, which loops it): the scan modal's @zxing/browser reader then
 * decodes it from a real <video> as it would from a tablet's camera (issue #18.3). Chromium opens the
 * file when a page starts the camera, so rewriting it between scans shows the next code.
 */
export function writeQrVideo(file: string, text: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const quiet = 4
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (modules.size + 2 * quiet))
  const side = modules.size * scale
  const left = Math.floor((WIDTH - side) / 2)
  const top = Math.floor((HEIGHT - side) / 2)
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235)
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue
      for (let y = 0; y < scale; y++)
        luma.fill(
          16,
          (top + row * scale + y) * WIDTH + left + col * scale,
          (top + row * scale + y) * WIDTH + left + (col + 1) * scale,
        )
    }
  // 4:2:0: the two chroma planes at half size, neutral grey.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128)
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`)
  fs.writeFileSync(file, Buffer.concat([header, luma, chroma]))
}

/** Chromium's flags for a fake camera showing `file` and no permission prompt. */
export const fakeCameraArgs = (file: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
]
