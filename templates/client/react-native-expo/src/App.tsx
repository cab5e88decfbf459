import type { MediaStreamTrack as NativeMediaStreamTrack } from '@daily-co/react-native-webrtc';
import { PipecatClient, type Participant, type TransportState } from '@pipecat-ai/client-js';
import { VoiceClientVideoView } from '@pipecat-ai/react-native-daily-transport';
import { useRef, useState } from 'react';
import { FlatList, Pressable, StatusBar, StyleSheet, Text, TextInput, View } from 'react-native';

import { APP_NAME, DEFAULT_START_URL, SERVED_BY_BOT, TRANSPORT, VIDEO_INPUT, VIDEO_OUTPUT, startRequest } from './config';

/** One line of the conversation log. */
interface Line {
  id: number;
  who: 'You' | 'Bot' | 'Error';
  text: string;
}

/** Transport states in which the app offers Connect (and the start URL can be edited). */
const IDLE_STATES: readonly TransportState[] = ['disconnected', 'initialized', 'error'];

/**
 * One screen: the start URL, Connect/Disconnect, mute, the bot's (and your) video when the bot
 * uses video, and the conversation as the bot's RTVI messages report it. Daily plays the bot's
 * audio itself.
 */
export default function App() {
  const [startUrl, setStartUrl] = useState(DEFAULT_START_URL);
  const [state, setState] = useState<TransportState>('disconnected');
  const [micEnabled, setMicEnabled] = useState(true);
  const [lines, setLines] = useState<Line[]>([]);
  const [botVideo, setBotVideo] = useState<NativeMediaStreamTrack | null>(null);
  const [ownVideo, setOwnVideo] = useState<NativeMediaStreamTrack | null>(null);
  const client = useRef<PipecatClient | null>(null);
  const nextLineId = useRef(0);
  const idle = IDLE_STATES.includes(state);

  function addLine(who: Line['who'], text: string) {
    const id = nextLineId.current++;
    setLines((previous) => [...previous, { id, who, text }]);
  }

  /** The transport hands over react-native-webrtc tracks, which the video view renders. */
  function showTrack(track: MediaStreamTrack | null, participant?: Participant) {
    const native = track as unknown as NativeMediaStreamTrack | null;
    if (participant?.local) setOwnVideo(native);
    else setBotVideo(native);
  }

  async function connect() {
    setLines([]);
    const pipecat = new PipecatClient({
      transport: TRANSPORT.create(),
      enableMic: true,
      enableCam: VIDEO_INPUT,
      callbacks: {
        onTransportStateChanged: setState,
        onTrackStarted: (track, participant) => {
          if (track.kind === 'video') showTrack(track, participant);
        },
        onTrackStopped: (track, participant) => {
          if (track.kind === 'video') showTrack(null, participant);
        },
        onUserTranscript: (data) => {
          if (data.final) addLine('You', data.text);
        },
        onBotOutput: (data) => {
          if (data.aggregated_by !== 'word') addLine('Bot', data.text);
        },
        onError: (message) => addLine('Error', JSON.stringify(message.data)),
      },
    });
    client.current = pipecat;
    try {
      await pipecat.initDevices();
      await pipecat.startBotAndConnect(startRequest(startUrl.trim()));
      setMicEnabled(pipecat.isMicEnabled);
    } catch (error) {
      addLine('Error', error instanceof Error ? error.message : String(error));
      setState('error');
    }
  }

  async function disconnect() {
    await client.current?.disconnect();
    client.current = null;
    setBotVideo(null);
    setOwnVideo(null);
  }

  function toggleMic() {
    client.current?.enableMic(!micEnabled);
    setMicEnabled(!micEnabled);
  }

  return (
    <View style={styles.screen}>
      <StatusBar barStyle="dark-content" />
      <Text style={styles.title}>{APP_NAME}</Text>
      <Text style={styles.status}>
        {TRANSPORT.label} · {state}
      </Text>
      {SERVED_BY_BOT.map((note) => (
        <Text key={note} style={styles.note}>
          {note}
        </Text>
      ))}
      <TextInput
        accessibilityLabel="Bot start URL"
        style={[styles.input, !idle && styles.disabled]}
        value={startUrl}
        onChangeText={setStartUrl}
        editable={idle}
        autoCapitalize="none"
        autoCorrect={false}
        keyboardType="url"
      />
      <View style={styles.row}>
        <Pressable accessibilityRole="button" style={styles.button} onPress={() => void (idle ? connect() : disconnect())}>
          <Text style={styles.buttonText}>{idle ? 'Connect' : 'Disconnect'}</Text>
        </Pressable>
        {!idle && (
          <Pressable accessibilityRole="button" style={[styles.button, styles.secondary]} onPress={toggleMic}>
            <Text style={styles.buttonText}>{micEnabled ? 'Mute' : 'Unmute'}</Text>
          </Pressable>
        )}
      </View>
      {(VIDEO_OUTPUT || VIDEO_INPUT) && (
        <View style={styles.row}>
          {VIDEO_OUTPUT && (
            <View style={styles.video} accessibilityLabel="Bot video">
              <VoiceClientVideoView videoTrack={botVideo} audioTrack={null} objectFit="cover" />
            </View>
          )}
          {VIDEO_INPUT && (
            <View style={styles.video} accessibilityLabel="Your camera">
              <VoiceClientVideoView videoTrack={ownVideo} audioTrack={null} objectFit="cover" mirror />
            </View>
          )}
        </View>
      )}
      <FlatList
        style={styles.log}
        data={lines}
        keyExtractor={(line) => String(line.id)}
        renderItem={({ item }) => (
          <Text style={item.who === 'Error' ? styles.error : styles.line}>
            {item.who}: {item.text}
          </Text>
        )}
      />
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, paddingTop: 56, paddingHorizontal: 16, gap: 12, backgroundColor: '#ffffff' },
  title: { fontSize: 22, fontWeight: '600' },
  status: { color: '#555555' },
  note: { color: '#555555', fontSize: 13 },
  input: { borderWidth: 1, borderColor: '#cccccc', borderRadius: 8, paddingHorizontal: 12, paddingVertical: 8 },
  disabled: { color: '#888888' },
  row: { flexDirection: 'row', gap: 12 },
  button: { backgroundColor: '#1f6feb', borderRadius: 8, paddingHorizontal: 20, paddingVertical: 12 },
  secondary: { backgroundColor: '#57606a' },
  buttonText: { color: '#ffffff', fontWeight: '600' },
  video: { flex: 1, aspectRatio: 16 / 9, backgroundColor: '#000000', borderRadius: 8, overflow: 'hidden' },
  log: { flex: 1 },
  line: { paddingVertical: 4 },
  error: { paddingVertical: 4, color: '#cf222e' },
});
