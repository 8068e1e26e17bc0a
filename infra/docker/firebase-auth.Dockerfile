# The Firebase Auth emulator for the distributed profile (no Java needed for auth).
FROM node:24-bookworm-slim
RUN npm install -g firebase-tools@15
WORKDIR /emulator
RUN printf '%s' '{"emulators":{"auth":{"host":"0.0.0.0","port":9099},"hub":{"host":"0.0.0.0","port":4400},"logging":{"host":"0.0.0.0","port":4500},"ui":{"enabled":false},"singleProjectMode":true}}' > firebase.json
EXPOSE 9099
CMD ["firebase", "emulators:start", "--only", "auth", "--project", "demo-resale", "--import", "/data", "--export-on-exit", "/data"]
