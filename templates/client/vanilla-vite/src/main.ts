import { PipecatClient, type Participant, type TransportState } from '@pipecat-ai/client-js';

import './style.css';
import { TRANSPORTS, VIDEO_INPUT, VIDEO_OUTPUT, startRequest } from './config';

const transportField = document.querySelector<HTMLLabelElement>('#transport-field')!;
const transportSelect = document.querySelector<HTMLSelectElement>('#transport')!;
const connectButton = document.querySelector<HTMLButtonElement>('#connect')!;
const statusText = document.querySelector<HTMLSpanElement>('#status')!;
const media = document.querySelector<HTMLElement>('#media')!;
const log = document.querySelector<HTMLOListElement>('#log')!;
const botAudio = document.querySelector<HTMLAudioElement>('#bot-audio')!;

/** A labelled video element in the media area. */
function videoElement(label: string, muted: boolean): HTMLVideoElement {
  const figure = document.createElement('figure');
  figure.className = 'video';
  figure.setAttribute('aria-label', label);
  const video = document.createElement('video');
  video.autoplay = true;
  video.playsInline = true;
  video.muted = muted;
  figure.append(video);
  media.append(figure);
  return video;
}

const botVideo = VIDEO_OUTPUT ? videoElement('Bot video', true) : null;
const selfVideo = VIDEO_INPUT ? videoElement('Your camera', true) : null;

TRANSPORTS.forEach((option, index) => transportSelect.add(new Option(option.label, String(index))));
// A selector only when the bot serves more than one transport.
if (TRANSPORTS.length > 1) transportField.hidden = false;
else transportField.remove();

let client: PipecatClient | null = null;

function addLine(who: 'You' | 'Bot' | 'Error', text: string) {
  const item = document.createElement('li');
  item.className = `line line--${who.toLowerCase()}`;
  item.textContent = `${who}: ${text}`;
  log.append(item);
  item.scrollIntoView({ block: 'end' });
}

function showState(state: TransportState) {
  statusText.textContent = state;
  const idle = state === 'disconnected' || state === 'initialized' || state === 'error';
  connectButton.textContent = idle ? 'Connect' : 'Disconnect';
  transportSelect.disabled = !idle;
}

function attachTrack(track: MediaStreamTrack, participant?: Participant) {
  const stream = new MediaStream([track]);
  if (participant?.local) {
    if (track.kind === 'video' && selfVideo) selfVideo.srcObject = stream;
  } else if (track.kind === 'audio') {
    botAudio.srcObject = stream;
  } else if (botVideo) {
    botVideo.srcObject = stream;
  }
}

async function connect() {
  const option = TRANSPORTS[Number(transportSelect.value)] ?? TRANSPORTS[0];
  client = new PipecatClient({
    transport: option.create(),
    enableMic: true,
    enableCam: VIDEO_INPUT,
    callbacks: {
      onTransportStateChanged: showState,
      onTrackStarted: attachTrack,
      onUserTranscript: (data) => {
        if (data.final) addLine('You', data.text);
      },
      onBotOutput: (data) => {
        if (data.aggregated_by !== 'word') addLine('Bot', data.text);
      },
      onError: (message) => addLine('Error', JSON.stringify(message.data)),
    },
  });
  try {
    await client.startBotAndConnect(startRequest(option.runnerTransport));
  } catch (error) {
    addLine('Error', error instanceof Error ? error.message : String(error));
    showState('error');
  }
}

connectButton.addEventListener('click', () => {
  const state = client?.state ?? 'disconnected';
  if (state === 'disconnected' || state === 'initialized' || state === 'error') {
    void connect();
  } else {
    void client?.disconnect();
  }
});

showState('disconnected');
